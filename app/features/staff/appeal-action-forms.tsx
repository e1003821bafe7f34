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
import type { RegistryAppeal } from "../../../domain/staff/registry-types.ts";
import { CsrfField } from "./staff-display.tsx";

export function ActionForm({
  action,
  appeal,
  today,
  csrfToken,
  submitLabel,
  defaults = {},
}: {
  action: AppealAction;
  appeal: RegistryAppeal;
  today: string;
  csrfToken: string;
  /** The button's words when not the action's own ('Передать на согласование'). */
  submitLabel?: string;
  /** Values to start from: a returned draft's fields. */
  defaults?: Record<string, string>;
}) {
  const label = appealActionLabels[action];
  return (
    <form method="post" className="staff-form" aria-label={label}>
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value={action} />
      <input type="hidden" name="version" value={appeal.version} />
      {action === "register" ? (
        <DayInput name="registered_on" label="Дата регистрации" today={today} />
      ) : null}
      {action === "forward" ? (
        <>
          <label>
            Куда перенаправлено (орган, организация)
            <input
              name="forwarded_to"
              required
              maxLength={300}
              defaultValue={defaults.forwarded_to ?? ""}
            />
          </label>
          <DayInput
            name="forwarded_on"
            label="Дата перенаправления"
            today={today}
            value={defaults.forwarded_on}
          />
        </>
      ) : null}
      {action === "leave-without-answer" ? (
        <fieldset>
          <legend>Основание</legend>
          {withoutAnswerGrounds.map((ground) => (
            <label key={ground.code} style={{ flexDirection: "row" }}>
              <input
                type="radio"
                name="ground"
                value={ground.code}
                required
                defaultChecked={defaults.ground === ground.code}
              />{" "}
              {ground.label}
            </label>
          ))}
        </fieldset>
      ) : null}
      {action === "extend" ? (
        <>
          <label>
            На сколько дней (не более {appealTerms.maxExtensionDays})
            <input
              name="extension_days"
              type="number"
              min={1}
              max={appealTerms.maxExtensionDays}
              defaultValue={defaults.extension_days ?? appealTerms.maxExtensionDays}
              required
            />
          </label>
          <label>
            Причина продления
            <textarea
              name="extension_reason"
              required
              maxLength={1000}
              rows={3}
              defaultValue={defaults.extension_reason ?? ""}
            />
          </label>
        </>
      ) : null}
      {action === "notice-sent" ? (
        <DayInput name="notice_sent_on" label="Дата уведомления автора" today={today} />
      ) : null}
      <button type="submit">{submitLabel ?? label}</button>
    </form>
  );
}

function DayInput({
  name,
  label,
  today,
  value,
}: {
  name: string;
  label: string;
  today: string;
  value?: string;
}) {
  return (
    <label>
      {label}
      <input name={name} type="date" defaultValue={value ?? today} max={today} required />
    </label>
  );
}
