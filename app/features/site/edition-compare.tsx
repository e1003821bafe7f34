import type { EditionView } from "../../../domain/site-content/site-editions.ts";
import { formatKirovDateTime } from "../../../domain/time/kirov-time.ts";
import { Button } from "../../components/staff/button/button.tsx";
import { Select } from "../../components/staff/select/select.tsx";
import { ChangesTable } from "./edition-changes.tsx";
import type { FieldChange } from "./field-change.ts";

/** The two editions asked for (`?compare=…&with=…`): ids, 0 the site's content before any. */
export type EditionPair = { compare: number; with: number };

/** The pair in the address, if both are whole numbers (0 or an edition's id). */
export function editionPairOf(search: URLSearchParams): EditionPair | null {
  const [first, second] = [search.get("compare"), search.get("with")].map((value) =>
    value !== null && /^\d{1,9}$/.test(value) ? Number(value) : undefined,
  );
  return first === undefined || second === undefined ? null : { compare: first, with: second };
}

/**
 * «Сравнить редакции» in «История» (issue 43): any two editions, the site's content before the
 * first publish among them (edition 0, as «Вернуть эту редакцию» counts it), field by field with
 * the changed words marked. A GET form: it works without JavaScript, and the address keeps the
 * comparison to send to a colleague.
 */
export function EditionCompare<Content>({
  history,
  defaults,
  changes,
  pair,
}: {
  history: readonly (EditionView & { content: Content })[];
  defaults: Content;
  changes: (before: Content, after: Content) => FieldChange[];
  pair: EditionPair | null;
}) {
  const editions = [
    ...history.map((edition, index) => ({
      id: edition.id,
      content: edition.content,
      label: `Редакция ${history.length - index} от ${formatKirovDateTime(
        new Date(edition.publishedAt ?? edition.changedAt),
      )}${edition.state === "published" ? " (на сайте сейчас)" : ""}`,
    })),
    { id: 0, content: defaults, label: "Исходная версия сайта" },
  ];
  const options = editions.map(({ id, label }) => ({ value: String(id), label }));
  const shown = pair ?? { compare: history[1]?.id ?? 0, with: history[0]?.id ?? 0 };
  const earlier = editions.find((edition) => edition.id === pair?.compare);
  const later = editions.find((edition) => edition.id === pair?.with);
  return (
    <section aria-labelledby="compare-title" className="staff-form">
      <h3 id="compare-title">Сравнить редакции</h3>
      <form method="get" action="#compare-result" className="staff-filters staff-compare">
        <Select
          id="compare-before"
          name="compare"
          label="Было: редакция"
          options={options}
          defaultValue={String(shown.compare)}
        />
        <Select
          id="compare-after"
          name="with"
          label="Стало: редакция"
          options={options}
          defaultValue={String(shown.with)}
        />
        <Button kind="secondary">Сравнить</Button>
      </form>
      {pair === null ? null : (
        <div id="compare-result" className="staff-stack">
          {earlier && later ? (
            <ComparedEditions
              earlier={earlier}
              later={later}
              changed={changes(earlier.content, later.content)}
            />
          ) : (
            <p>Такой редакции в истории нет: выберите редакции из списка.</p>
          )}
        </div>
      )}
    </section>
  );
}

function ComparedEditions({
  earlier,
  later,
  changed,
}: {
  earlier: { label: string };
  later: { label: string };
  changed: readonly FieldChange[];
}) {
  const title = `Было: ${earlier.label}. Стало: ${later.label}.`;
  return (
    <>
      <p>{title}</p>
      {changed.length === 0 ? (
        <p>Редакции не различаются.</p>
      ) : (
        <ChangesTable label="Сравнение редакций" changes={changed} />
      )}
    </>
  );
}
