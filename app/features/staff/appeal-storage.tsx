/**
 * «Срок хранения» on an appeal's page (issue 45, decision 0064): the term (by the topic, or as
 * staff chose it), where the case is filed, the day it was closed and the last day it is kept,
 * and the act that lists it. A head or a registrar may change the term with a reason (audited by
 * the server); a head downloads the whole case as a ZIP.
 */

import {
  isStorageTerm,
  storageTermLabels,
  storageTerms,
} from "../../../domain/archive/storage-terms.ts";
import { formatRussianDate } from "../../../domain/calendar/calendar-day.ts";
import type { ContextReader } from "../../../domain/pages/page-context.ts";
import { pageOf } from "../../../domain/pages/page-context.ts";
import type { StorageTermView } from "../../../domain/staff/archive-port.ts";
import type { ActionResult } from "../../../domain/staff/staff-ports.ts";
import type { StaffRole, StaffViewer } from "../../../domain/staff/staff-roles.ts";
import { Button } from "../../components/staff/button/button.tsx";
import { Choice } from "../../components/staff/field/field.tsx";
import { SummaryList, SummaryRow } from "../../components/staff/summary-list/summary-list.tsx";
import { Textarea } from "../../components/staff/textarea/textarea.tsx";
import { CsrfField, Day } from "./staff-display.tsx";

/** The form's intent on the appeal page's action. */
export const storageTermIntent = "storage-term";

const maxReason = 1000;

/** Who may change a term: the server checks the same (ArchivePort.setStorageTerm). */
function mayChangeTerm(role: StaffRole): boolean {
  return role === "head" || role === "registrar";
}

/**
 * The «Изменить срок хранения» post: read, then handed to the archive. A refusal of the reason
 * is the field's (`reasonError`), shown at it.
 */
export async function changeStorageTerm(
  context: ContextReader,
  viewer: StaffViewer,
  appealId: string,
  fields: URLSearchParams,
): Promise<ActionResult & { reasonError?: boolean }> {
  const term = String(fields.get("storage_term") ?? "");
  const reason = String(fields.get("storage_reason") ?? "").trim();
  if (!isStorageTerm(term)) return { ok: false, status: 400, message: "Выберите срок хранения" };
  if (reason === "" || reason.length > maxReason) {
    return {
      ok: false,
      status: 400,
      message:
        reason === ""
          ? "Укажите причину изменения срока хранения"
          : `Причина — не длиннее ${maxReason} знаков`,
      reasonError: true,
    };
  }
  return pageOf(context).services.archive.setStorageTerm(viewer, appealId, term, reason);
}

function keptUntil(storage: StorageTermView): string {
  if (storage.term === "permanent") return "постоянно";
  if (storage.termEnd === null) return "дело не закрыто";
  return `хранится до ${formatRussianDate(storage.termEnd)}`;
}

export function AppealStorage({
  appealId,
  storage,
  role,
  csrfToken,
  reasonError,
}: {
  appealId: string;
  storage: StorageTermView;
  role: StaffRole;
  csrfToken: string;
  /** The last post's refusal of the reason, shown at the field. */
  reasonError: string | undefined;
}) {
  return (
    <section aria-labelledby="storage">
      <h2 id="storage">Срок хранения</h2>
      <SummaryList>
        <SummaryRow label="Срок хранения" testId="storage-term">
          {storage.label}
          {storage.byDefault ? " (по теме обращения)" : ""}
        </SummaryRow>
        <SummaryRow label="Индекс дела">{storage.caseIndex}</SummaryRow>
        <SummaryRow label="Статья по Перечню">{storage.article}</SummaryRow>
        <SummaryRow label="Дело закрыто">
          {storage.closedOn ? <Day iso={storage.closedOn} /> : "дело не закрыто"}
        </SummaryRow>
        <SummaryRow label="Хранение" testId="storage-until">
          {keptUntil(storage)}
        </SummaryRow>
        {storage.onAct ? (
          <SummaryRow label="Акт о выделении к уничтожению">№ {storage.onAct}</SummaryRow>
        ) : null}
      </SummaryList>
      {role === "head" ? (
        <p>
          <a href={`/staff/appeals/${appealId}/case.zip`}>Скачать дело (ZIP)</a>
        </p>
      ) : null}
      {mayChangeTerm(role) ? (
        <form
          method="post"
          className="staff-form staff-form--narrow"
          aria-label="Изменить срок хранения"
        >
          <CsrfField token={csrfToken} />
          <input type="hidden" name="intent" value={storageTermIntent} />
          <fieldset className="staff-fieldset">
            <legend>Срок хранения</legend>
            {storageTerms.map((term) => (
              <Choice
                key={term}
                type="radio"
                name="storage_term"
                value={term}
                required
                defaultChecked={storage.term === term}
                label={storageTermLabels[term]}
              />
            ))}
          </fieldset>
          <Textarea
            id="storage-reason"
            name="storage_reason"
            label="Причина изменения"
            required
            maxLength={maxReason}
            rows={2}
            error={reasonError}
          />
          <Button kind="secondary">Изменить срок хранения</Button>
        </form>
      ) : null}
    </section>
  );
}
