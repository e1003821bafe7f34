/**
 * A draft act's forms (issue 45): take a case off with the commission's reason, annul the draft
 * with a reason, approve it with the expert commission's protocol (its number and day typed in).
 * Each carries the act's version: a form made from an older state of the act is refused. A
 * refusal of a field is shown at the field (aria-describedby), the typed values kept.
 */
import type { ArchiveActView } from "../../../domain/staff/archive-port.ts";
import { Button } from "../../components/staff/button/button.tsx";
import { DateInput } from "../../components/staff/date-input/date-input.tsx";
import { TextInput } from "../../components/staff/field/field.tsx";
import { Select } from "../../components/staff/select/select.tsx";
import { Textarea } from "../../components/staff/textarea/textarea.tsx";
import type { ActFormRefusal, ActFormTyped } from "./archive-act-form-reading.tsx";
import { casesCount } from "./archive-display.tsx";
import { CsrfField } from "./staff-display.tsx";

type FormProps = {
  act: ArchiveActView;
  csrfToken: string;
  /** The last post's refusal and what was typed, when it was this form's. */
  refusal: ActFormRefusal | undefined;
};

function errorOf(refusal: ActFormRefusal | undefined, field: string): string | undefined {
  return refusal?.field === field ? refusal.message : undefined;
}

/** The reason a draft's change needs, as typed before a refusal, its error at it. */
function ReasonField({
  id,
  label,
  typed,
  refusal,
}: {
  id: string;
  label: string;
  typed: ActFormTyped;
  refusal: ActFormRefusal | undefined;
}) {
  return (
    <Textarea
      id={id}
      name="reason"
      label={label}
      required
      maxLength={1000}
      rows={3}
      defaultValue={typed.reason ?? ""}
      error={errorOf(refusal, id)}
    />
  );
}

function Hidden({
  intent,
  act,
  csrfToken,
}: {
  intent: string;
  act: ArchiveActView;
  csrfToken: string;
}) {
  return (
    <>
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={act.version} />
    </>
  );
}

export function RemoveCaseForm({
  act,
  csrfToken,
  refusal,
  chosen,
}: FormProps & { chosen: number | undefined }) {
  const listed = act.cases.filter((item) => item.removed === null);
  if (listed.length === 0) return null;
  const typed: ActFormTyped = refusal?.intent === "remove-case" ? refusal.typed : {};
  const position = typed.position ?? (chosen === undefined ? "" : String(chosen));
  return (
    <form method="post" id="remove-case" className="staff-form" aria-label="Снять дело с акта">
      <Hidden intent="remove-case" act={act} csrfToken={csrfToken} />
      <h3>Снять дело с акта</h3>
      <p className="staff-hint">Если экспертная комиссия решила хранить дело дальше.</p>
      <Select
        id="remove-position"
        name="position"
        label="Дело"
        required
        defaultValue={position}
        error={errorOf(refusal, "remove-position")}
        options={[
          { value: "", label: "Выберите дело" },
          ...listed.map((item) => ({
            value: String(item.position),
            label: item.registrationNumber,
          })),
        ]}
      />
      <ReasonField id="remove-reason" label="Причина" typed={typed} refusal={refusal} />
      <Button kind="secondary">Снять с акта</Button>
    </form>
  );
}

export function AnnulActForm({ act, csrfToken, refusal }: FormProps) {
  const typed: ActFormTyped = refusal?.intent === "annul" ? refusal.typed : {};
  return (
    <form method="post" className="staff-form" aria-label="Аннулировать проект акта">
      <Hidden intent="annul" act={act} csrfToken={csrfToken} />
      <h3>Аннулировать проект</h3>
      <p className="staff-hint">Дела из аннулированного проекта можно включить в новый акт.</p>
      <ReasonField
        id="annul-reason"
        label="Причина аннулирования"
        typed={typed}
        refusal={refusal}
      />
      <Button kind="secondary">Аннулировать проект</Button>
    </form>
  );
}

export function ApproveActForm({ act, csrfToken, refusal, today }: FormProps & { today: string }) {
  const typed: ActFormTyped = refusal?.intent === "approve" ? refusal.typed : {};
  const listed = act.cases.filter((item) => item.removed === null).length;
  return (
    <form method="post" className="staff-form" aria-label="Утвердить акт">
      <Hidden intent="approve" act={act} csrfToken={csrfToken} />
      <h3>Утвердить акт</h3>
      <p className="staff-hint">
        После утверждения {casesCount(listed)} из акта уничтожаются безвозвратно: обращение, его
        файлы, письма и заметки. Акт и его список остаются навсегда.
      </p>
      <TextInput
        id="approve-number"
        name="protocol_number"
        label="Номер протокола экспертной комиссии"
        required
        maxLength={100}
        defaultValue={typed.protocolNumber ?? ""}
        error={errorOf(refusal, "approve-number")}
      />
      <DateInput
        id="approve-date"
        name="protocol_date"
        label="Дата протокола"
        required
        max={today}
        defaultValue={typed.protocolDate ?? ""}
        error={errorOf(refusal, "approve-date")}
      />
      <Button>Утвердить акт</Button>
    </form>
  );
}
