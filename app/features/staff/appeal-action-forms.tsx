/**
 * The small forms of an appeal's page, one per action its state allows (register, take up,
 * forward, leave without an answer, extend, mark the notice sent). An executor's forward,
 * extension or leaving without an answer goes to a head for approval: its button says so, and
 * after a return the form starts from the draft's fields.
 */
import {
  type AppealAction,
  appealActionLabels,
  withoutAnswerGrounds,
} from "../../../domain/appeals/appeal-states.ts";
import { appealTerms } from "../../../domain/appeals/legal-terms.ts";
import { inputConstraints } from "../../../domain/forms/input-constraints.ts";
import { appealActionFormSchema } from "../../../domain/staff/appeal-action-form.ts";
import type { RegistryAppeal } from "../../../domain/staff/registry-types.ts";
import { Button } from "../../components/staff/button/button.tsx";
import { DateInput } from "../../components/staff/date-input/date-input.tsx";
import { Choice, TextInput } from "../../components/staff/field/field.tsx";
import { Textarea } from "../../components/staff/textarea/textarea.tsx";
import { CsrfField } from "./staff-display.tsx";

export function ActionForm({
  action,
  appeal,
  today,
  csrfToken,
  submitLabel,
  defaults = {},
  primary = false,
  citizenMail,
}: {
  action: AppealAction;
  appeal: RegistryAppeal;
  today: string;
  csrfToken: string;
  /** The button's words when not the action's own ('Передать на согласование'). */
  submitLabel?: string;
  /** Values to start from: a returned draft's fields. */
  defaults?: Record<string, string>;
  /** The step the appeal's state calls for now: the page's one primary button (issue 44). */
  primary?: boolean;
  /** What the action mails the citizen, said beside its button. */
  citizenMail?: string;
}) {
  const label = appealActionLabels[action];
  // Ids unique on the page: each action's form is on it once.
  const id = (field: string) => `${action}-${field}`;
  return (
    <form method="post" className="staff-form" aria-label={label}>
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value={action} />
      <input type="hidden" name="version" value={appeal.version} />
      {action === "register" ? (
        <DayInput id={id("day")} name="registered_on" label="Дата регистрации" today={today} />
      ) : null}
      {action === "forward" ? (
        <>
          <TextInput
            id={id("to")}
            name="forwarded_to"
            label="Куда перенаправлено (орган, организация)"
            {...inputConstraints(appealActionFormSchema, "forward", "forwarded_to")}
            defaultValue={defaults.forwarded_to ?? ""}
          />
          <DayInput
            id={id("day")}
            name="forwarded_on"
            label="Дата перенаправления"
            today={today}
            value={defaults.forwarded_on}
          />
        </>
      ) : null}
      {action === "leave-without-answer" ? (
        <fieldset className="staff-fieldset">
          <legend>Основание</legend>
          {withoutAnswerGrounds.map((ground) => (
            <Choice
              key={ground.code}
              type="radio"
              name="ground"
              value={ground.code}
              required
              defaultChecked={defaults.ground === ground.code}
              label={ground.label}
            />
          ))}
        </fieldset>
      ) : null}
      {action === "extend" ? (
        <>
          <TextInput
            id={id("days")}
            name="extension_days"
            type="number"
            short
            label={`На сколько дней (не более ${appealTerms.maxExtensionDays})`}
            min={1}
            max={appealTerms.maxExtensionDays}
            defaultValue={defaults.extension_days ?? appealTerms.maxExtensionDays}
            required
          />
          <Textarea
            id={id("reason")}
            name="extension_reason"
            label="Причина продления"
            {...inputConstraints(appealActionFormSchema, "extend", "extension_reason")}
            rows={3}
            defaultValue={defaults.extension_reason ?? ""}
          />
        </>
      ) : null}
      {action === "notice-sent" ? (
        <DayInput
          id={id("day")}
          name="notice_sent_on"
          label="Дата уведомления автора"
          today={today}
        />
      ) : null}
      {citizenMail ? <p className="staff-hint">{citizenMail}</p> : null}
      <Button kind={primary ? "primary" : "secondary"}>{submitLabel ?? label}</Button>
    </form>
  );
}

function DayInput({
  id,
  name,
  label,
  today,
  value,
}: {
  id: string;
  name: string;
  label: string;
  today: string;
  value?: string;
}) {
  return (
    <DateInput
      id={id}
      name={name}
      label={label}
      defaultValue={value ?? today}
      max={today}
      required
    />
  );
}
