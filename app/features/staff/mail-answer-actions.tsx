/**
 * What staff do when the answer's mail did not reach the author (issue 46), beside «Отправить
 * ответ ещё раз» and «Отметить отправку почтой» (answer-section.tsx): «Отправить по почте», the
 * answer as a printable letter; and «Отправить повторно» to a corrected address, with the reason
 * (a head's or the executor's; audited). Plain links and forms: no JavaScript.
 */
import { useParams, useRouteLoaderData } from "react-router";
import type { StaffRole } from "../../../domain/staff/staff-roles.ts";
import { Button } from "../../components/staff/button/button.tsx";
import { TextInput } from "../../components/staff/field/field.tsx";
import { Textarea } from "../../components/staff/textarea/textarea.tsx";
import { CsrfField } from "./staff-display.tsx";

export const resendAnswerIntent = "resend-answer";

/** Who may send the answer to a corrected address: a head, or the executor it is assigned to. */
const mayResend = (role: StaffRole | null | undefined) => role === "head" || role === "executor";

export function MailAnswerActions({ csrfToken, to }: { csrfToken: string; to: string }) {
  const { id } = useParams();
  const layout = useRouteLoaderData<{ role: StaffRole | null }>("routes/staff-layout");
  return (
    <>
      {id ? (
        <p>
          <a className="staff-button staff-button--secondary" href={`/staff/appeals/${id}/letter`}>
            Отправить по почте
          </a>
        </p>
      ) : null}
      {mayResend(layout?.role) ? (
        <form method="post" className="staff-form" aria-labelledby="resend-answer-title">
          <h3 id="resend-answer-title">Отправить повторно</h3>
          <CsrfField token={csrfToken} />
          <input type="hidden" name="intent" value={resendAnswerIntent} />
          <p className="staff-hint">Ответ уйдёт на исправленный адрес; прежний был: {to}.</p>
          <TextInput
            id="resend-address"
            name="resend_address"
            type="email"
            label="Исправленный адрес электронной почты"
            autoComplete="off"
            required
            maxLength={254}
          />
          <Textarea
            id="resend-reason"
            name="resend_reason"
            label="Причина исправления"
            hint="Например: гражданин сообщил по телефону верный адрес."
            required
            maxLength={500}
            rows={2}
          />
          <Button kind="secondary">Отправить повторно</Button>
        </form>
      ) : null}
    </>
  );
}
