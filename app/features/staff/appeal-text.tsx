/**
 * The citizen's text on the first screen of an appeal's page (issue 44): a long text shows its
 * first lines, the rest behind «Показать полностью» (a <details>, no script needed). The cut
 * falls at a paragraph, a sentence or a word, never inside one.
 */
import { visibleText } from "../../../domain/appeals/visible-text.ts";

/** About this many characters are shown before «Показать полностью»: some eight lines. */
const shownLength = 600;

/** Where to cut a text longer than `shownLength`: the last break, sentence end or space before it. */
function cutIndex(text: string): number {
  const head = text.slice(0, shownLength);
  const atLeast = shownLength / 2;
  for (const pattern of [/\n/g, /[.!?…]\s/g, /\s/g]) {
    const ends = [...head.matchAll(pattern)].map((match) => match.index + match[0].length);
    const last = ends.filter((end) => end >= atLeast).at(-1);
    if (last !== undefined) return last;
  }
  return shownLength;
}

export function AppealText({ comment }: { comment: string }) {
  const text = visibleText(comment);
  const cut = text.length > shownLength + 200 ? cutIndex(text) : text.length;
  const rest = text.slice(cut);
  return (
    <section className="staff-appeal-text" aria-labelledby="appeal-text-title">
      <h2 id="appeal-text-title">Текст обращения</h2>
      <div className="staff-appeal-text__body" data-testid="appeal-comment">
        {text.slice(0, cut).trimEnd()}
        {rest ? (
          <details className="staff-details">
            <summary>Показать полностью ({rest.length.toLocaleString("ru-RU")} знаков ещё)</summary>
            {rest.trimStart()}
          </details>
        ) : null}
      </div>
    </section>
  );
}
