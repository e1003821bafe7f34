import type { EditionView } from "../../../domain/site-content/site-editions.ts";
import { Button } from "../../components/staff/button/button.tsx";
import { CsrfField, Moment } from "../staff/staff-display.tsx";
import { ChangesLegend, ChangesTable } from "./edition-changes.tsx";
import { EditionCompare, type EditionPair } from "./edition-compare.tsx";
import type { FieldChange } from "./field-change.ts";

/**
 * «История» of any editable page: every edition ever published, the newest first, who published it and
 * when, what it changed against the one before (the oldest against the build's content), and
 * «Вернуть эту редакцию» on each but the one shown now; above them, any two compared (issue 43).
 */
export function EditionHistory<Content>({
  history,
  csrfToken,
  defaults,
  changes,
  pair = null,
}: {
  history: readonly (EditionView & { content: Content })[];
  csrfToken: string;
  /** The build's content: what the oldest edition is compared with. */
  defaults: Content;
  changes: (before: Content, after: Content) => FieldChange[];
  /** The two editions «Сравнить редакции» was asked for (`?compare=…&with=…`). */
  pair?: EditionPair | null;
}) {
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">История</h2>
      {history.length === 0 ? (
        <p>Страница ещё не публиковалась: на сайте исходная версия сайта.</p>
      ) : (
        <>
          <EditionCompare history={history} defaults={defaults} changes={changes} pair={pair} />
          <ChangesLegend />
        </>
      )}
      <ol className="staff-stack">
        {history.map((edition, index) => {
          const before = history[index + 1]?.content ?? defaults;
          const changed = changes(before, edition.content);
          const restored = history.find((other) => other.id === edition.restoredFrom);
          return (
            <li key={edition.id} className="staff-form">
              <h3>
                Редакция от <Moment iso={edition.publishedAt ?? edition.changedAt} />
                {edition.state === "published" ? " (на сайте сейчас)" : ""}
              </h3>
              <p>
                Опубликовал {edition.publishedBy}
                {edition.submittedBy && edition.submittedBy !== edition.publishedBy
                  ? `, подготовил ${edition.submittedBy}`
                  : ""}
                {restored?.publishedAt ? (
                  <>
                    ; возвращена редакция от <Moment iso={restored.publishedAt} />
                  </>
                ) : null}
                .
              </p>
              {changed.length === 0 ? (
                <p>Без изменений.</p>
              ) : (
                <ChangesTable
                  label={`Изменения редакции ${history.length - index}`}
                  changes={changed}
                />
              )}
              {edition.state === "published" ? null : (
                <form method="post">
                  <CsrfField token={csrfToken} />
                  <input type="hidden" name="edition" value={edition.id} />
                  <Button kind="secondary" name="intent" value="restore">
                    Вернуть эту редакцию
                  </Button>
                </form>
              )}
            </li>
          );
        })}
        {history.length > 0 ? (
          <li className="staff-form">
            <h3>Исходная версия сайта</h3>
            <p>То, что страница показывала до первой публикации.</p>
            <form method="post">
              <CsrfField token={csrfToken} />
              <input type="hidden" name="edition" value="0" />
              <Button kind="secondary" name="intent" value="restore">
                Вернуть эту редакцию
              </Button>
            </form>
          </li>
        ) : null}
      </ol>
    </section>
  );
}
