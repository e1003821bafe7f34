/**
 * A field's value with its changed words marked (word-diff.ts): deleted words in <del>, inserted
 * ones in <ins>, struck out or underlined by staff.css, never told by colour alone. Most screen
 * readers say nothing of <del> and <ins>, so each mark is preceded by «удалено:» or «добавлено:»
 * in words only they read, and, inside a longer text, followed by where it ends.
 *
 * Written with `createElement`, not JSX: a plain .ts module, which the unit tests render as the
 * server does (Node runs .ts, not .tsx).
 */
import { createElement, Fragment, type ReactNode } from "react";
import type { ValuePiece } from "./word-diff.ts";

/** What a screen reader hears around each mark, and the element that marks it. */
export const markWords = {
  deleted: { element: "del", start: "удалено: ", end: " (конец удалённого)" },
  inserted: { element: "ins", start: "добавлено: ", end: " (конец добавленного)" },
} as const;

const hidden = (text: string, key: string) =>
  createElement("span", { className: "visually-hidden", key }, text);

/** The pieces of one value, its marked runs as deletions or insertions; «—» for an empty one. */
export function MarkedValue({
  pieces,
  kind,
}: {
  pieces: readonly ValuePiece[];
  kind: keyof typeof markWords;
}): ReactNode {
  if (pieces.length === 0) return "—";
  const words = markWords[kind];
  // A value changed whole needs no word for its end: the cell ends there.
  const alone = pieces.length === 1;
  return createElement(
    Fragment,
    null,
    pieces.map((piece, index) => {
      const key = String(index);
      if (!piece.marked) return createElement(Fragment, { key }, piece.text);
      return createElement(
        Fragment,
        { key },
        hidden(words.start, "start"),
        createElement(words.element, { className: `staff-mark staff-mark--${kind}` }, piece.text),
        alone ? null : hidden(words.end, "end"),
      );
    }),
  );
}
