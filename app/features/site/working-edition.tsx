import {
  type EditablePage,
  type EditionView,
  editionStateLabels,
} from "../../../domain/site-content/site-editions.ts";
import { Moment } from "../staff/staff-display.tsx";
import { ScheduledMoment } from "./publish-schedule-fields.tsx";

/**
 * Under an editor's title: where the page is on the site and the edition in work, if any (its
 * state, its moment when scheduled, who changed it last, its preview), and «История», at the
 * foot of the editor, one click away (issue 43).
 */
export function WorkingEdition({
  page,
  path,
  working,
  preview = true,
}: {
  page: EditablePage;
  path: string;
  working: EditionView | null;
  /** A preview to link: not for content no built page shows (the search's settings). */
  preview?: boolean;
}) {
  return (
    <p>
      Страница на сайте: <a href={path}>{path}</a>.{" "}
      {working ? (
        <>
          Редакция в работе: {editionStateLabels[working.state]}
          {working.state === "scheduled" && working.publishAt ? (
            <>
              {" "}
              (<ScheduledMoment iso={working.publishAt} />)
            </>
          ) : null}
          , изменил {working.changedBy}, <Moment iso={working.changedAt} />.
          {preview ? (
            <>
              {" "}
              <a href={`/staff/site/${page}/preview`}>Предпросмотр</a>
            </>
          ) : null}
        </>
      ) : (
        "Черновика нет: в форме то, что на сайте."
      )}{" "}
      <a href="#history-title">История</a>
    </p>
  );
}
