/**
 * Which words of a field changed between two editions (issue 43, «Что изменилось»): the old
 * value with its deleted words marked, the new one with its inserted words marked. The text is
 * cut into words, spaces and punctuation by the runtime's Russian word segmenter (jsdiff's own
 * word splitting knows Latin letters only: a Russian word was cut letter by letter), and the two
 * lists compared by jsdiff's `diffArrays`: each side then reads exactly as typed, spaces included
 * (`diffWords` gives common runs the new text's spaces, so the old one came out changed).
 */
import { diffArrays } from "diff";
/** A run of a value's text, marked when it is what changed. */
export type ValuePiece = { text: string; marked: boolean };

/** A field's old and new value, each in pieces: `before` marks deletions, `after` insertions. */
export type MarkedChange = { before: ValuePiece[]; after: ValuePiece[] };

/**
 * Values up to this length (a salary, a price, a phone, a name, a file's name) are marked whole:
 * «30» struck out of «30 000 ₽» and «35» put in reads worse than the old sum and the new one.
 */
export const shortValueLength = 40;

/**
 * Past this many words inserted and deleted, two texts have little in common: each is marked
 * whole (and the diff stays bounded on long announcements).
 */
const maxEditLength = 400;

const segmenter = new Intl.Segmenter("ru", { granularity: "word" });

const tokensOf = (text: string) => Array.from(segmenter.segment(text), (part) => part.segment);

/** A text has a word (a letter or a digit), not only spaces and punctuation. */
const hasWord = (text: string) => /[\p{L}\p{N}]/u.test(text);

const whole = (text: string): ValuePiece[] => (text === "" ? [] : [{ text, marked: true }]);
const plain = (text: string): ValuePiece[] => (text === "" ? [] : [{ text, marked: false }]);

/** Neighbouring pieces of the same kind joined: one mark for «новой лаборатории». */
function joined(pieces: readonly ValuePiece[]): ValuePiece[] {
  const result: ValuePiece[] = [];
  for (const piece of pieces) {
    const last = result.at(-1);
    if (last && last.marked === piece.marked) last.text += piece.text;
    else if (piece.text !== "") result.push({ ...piece });
  }
  return result;
}

/**
 * The marks as a reader takes them in: a space or a hyphen kept between two changed words joins
 * them in one mark («чём-то» is three segments), and a mark never starts or ends with a space.
 */
function tidied(pieces: readonly ValuePiece[]): ValuePiece[] {
  const runs = joined(pieces);
  const bridged = runs.map((piece, index) =>
    !piece.marked && !hasWord(piece.text) && runs[index - 1]?.marked && runs[index + 1]?.marked
      ? { ...piece, marked: true }
      : piece,
  );
  return joined(
    joined(bridged).flatMap((piece) => {
      if (!piece.marked) return [piece];
      const [, lead = "", words = "", trail = ""] = /^(\s*)(.*?)(\s*)$/su.exec(piece.text) ?? [];
      return [
        { text: lead, marked: false },
        { text: words, marked: true },
        { text: trail, marked: false },
      ];
    }),
  );
}

/**
 * How much two texts share at their start and at their end, each cut back to a space so that no
 * word is split: only the middle is cut into words and compared. A one-word change in a 2-million-
 * character announcement took 1.1-1.4 s of the server's one thread when the whole was segmented
 * and compared; its common ends are found by comparing characters, in milliseconds.
 */
function commonEnds(before: string, after: string): { head: number; tail: number } {
  const limit = Math.min(before.length, after.length);
  let head = 0;
  while (head < limit && before.charCodeAt(head) === after.charCodeAt(head)) head += 1;
  while (head > 0 && !/\s/u.test(before.charAt(head - 1))) head -= 1;
  let tail = 0;
  const last = (text: string, back: number) => text.charCodeAt(text.length - 1 - back);
  while (tail < limit - head && last(before, tail) === last(after, tail)) tail += 1;
  while (tail > 0 && !/\s/u.test(before.charAt(before.length - tail))) tail -= 1;
  return { head, tail };
}

/** The old and the new value of one field, their changed words marked. */
export function markedChange(before: string, after: string): MarkedChange {
  if (before === after) return { before: plain(before), after: plain(after) };
  // A value added or removed (a vacancy's name beside «Вакансия добавлена») is all on one side,
  // «—» on the other: plain, as the columns «Было» and «Стало» already tell it.
  if (before === "" || after === "") return { before: plain(before), after: plain(after) };
  if (before.length <= shortValueLength && after.length <= shortValueLength) {
    return { before: whole(before), after: whole(after) };
  }
  const { head, tail } = commonEnds(before, after);
  const middle = (text: string) => text.slice(head, text.length - tail);
  const ends = (text: string) => ({
    start: text.slice(0, head),
    end: text.slice(text.length - tail),
  });
  const parts = diffArrays(tokensOf(middle(before)), tokensOf(middle(after)), { maxEditLength });
  const shared = ends(before);
  // Too different to mark word by word, or nothing but spaces and commas in common: the middle
  // is marked whole (and, with no word in common at the ends either, the whole value).
  const wordByWord =
    parts?.some((part) => !part.added && !part.removed && hasWord(part.value.join(""))) ?? false;
  const side = (text: string, skipped: "added" | "removed", marked: "added" | "removed") =>
    tidied([
      ...plain(shared.start),
      ...(wordByWord && parts
        ? parts
            .filter((part) => !part[skipped])
            .map((part) => ({ text: part.value.join(""), marked: part[marked] }))
        : whole(middle(text))),
      ...plain(shared.end),
    ]);
  return { before: side(before, "added", "removed"), after: side(after, "removed", "added") };
}
