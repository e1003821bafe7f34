/**
 * 'Ответ гражданину' on an appeal's page, apart from its form (answer-form.tsx): a draft as it
 * stands, a head's decision on it and, once sent, the record of what was said, when, to which
 * address, with which files, and how its mail fared, with the retries of a failed one.
 */

import { inputConstraints } from "../../../domain/forms/input-constraints.ts";
import { appealActionFormSchema } from "../../../domain/staff/appeal-action-form.ts";
import type { AnswerView } from "../../../domain/staff/registry-types.ts";
import { Button } from "../../components/staff/button/button.tsx";
import { DateInput } from "../../components/staff/date-input/date-input.tsx";
import { SummaryList, SummaryRow } from "../../components/staff/summary-list/summary-list.tsx";
import { Textarea } from "../../components/staff/textarea/textarea.tsx";
import { AnswerFiles } from "./answer-files.tsx";
import { DraftAuthorship, DraftDecision } from "./draft-review.tsx";
import { MailAnswerActions } from "./mail-answer-actions.tsx";
import { BounceNote } from "./mail-bounce.tsx";
import { CsrfField, Day, Moment } from "./staff-display.tsx";

const mailLabels: Record<NonNullable<AnswerView["mail"]>["status"], string> = {
  pending: "ожидает отправки",
  sent: "отправлено",
  failed: "не доставлено: попытки исчерпаны",
};

/**
 * An executor's draft as a head reviews it ('На согласовании': send it or return it with what to
 * change) or as it came back ('На доработку', with the head's comment).
 */
export function DraftAnswer({ appealId, answer }: { appealId: string; answer: AnswerView }) {
  const waiting = answer.state === "awaiting_approval";
  return (
    <section aria-labelledby="draft-answer-title" data-testid="draft-answer">
      <h3 id="draft-answer-title">
        {waiting ? "Проект ответа: на согласовании" : "Проект ответа: на доработку"}
      </h3>
      <SummaryList>
        <DraftAuthorship
          by={answer.staffLogin}
          at={answer.createdAt}
          reviewedBy={answer.reviewedBy}
          reviewComment={answer.reviewComment}
          commentTestId="review-comment"
        />
        <SummaryRow label="Исходящий номер">{answer.outgoingNumber ?? "—"}</SummaryRow>
        <SummaryRow label="Текст ответа" testId="draft-text">
          {answer.text}
        </SummaryRow>
        <SummaryRow label="Вложения">
          <AnswerFiles appealId={appealId} files={answer.files} />
        </SummaryRow>
      </SummaryList>
    </section>
  );
}

export function SentAnswer({ appealId, answer }: { appealId: string; answer: AnswerView }) {
  return (
    <section aria-labelledby="sent-answer-title" data-testid="sent-answer">
      <h3 id="sent-answer-title">Отправленный ответ</h3>
      <SummaryList>
        <SummaryRow label="Отправлен">
          <Moment iso={answer.createdAt} />, {answer.staffLogin}
          {answer.reviewedBy ? `; утвердил ${answer.reviewedBy}` : ""}
        </SummaryRow>
        <SummaryRow label="Исходящий номер">{answer.outgoingNumber ?? "—"}</SummaryRow>
        <SummaryRow label="Адрес">{answer.mail?.to ?? "—"}</SummaryRow>
        <SummaryRow label="Письмо" testId="answer-mail-status">
          {answer.mail ? mailLabels[answer.mail.status] : "—"}
          {answer.mail && answer.mail.attempts > 0 && answer.mail.status !== "sent"
            ? `, попыток: ${answer.mail.attempts}`
            : ""}
          {answer.mail?.sentAt ? (
            <>
              {", "}
              <Moment iso={answer.mail.sentAt} />
            </>
          ) : null}
          <BounceNote bounce={answer.mail?.bounce ?? null} />
        </SummaryRow>
        {answer.byPost ? (
          <SummaryRow label="Отправлен почтой" testId="answer-by-post">
            <Day iso={answer.byPost.on} />, {answer.byPost.address} ({answer.byPost.login})
          </SummaryRow>
        ) : null}
        <SummaryRow label="Текст ответа" testId="answer-text">
          {answer.text}
        </SummaryRow>
        <SummaryRow label="Вложения">
          <AnswerFiles appealId={appealId} files={answer.files} />
        </SummaryRow>
      </SummaryList>
    </section>
  );
}

/** A head's decision on an executor's answer awaiting approval: among the page's actions. */
export function AnswerDecision({
  version,
  answer,
  csrfToken,
}: {
  version: number;
  answer: AnswerView;
  csrfToken: string;
}) {
  return (
    <DraftDecision
      version={version}
      draftRevision={answer.revision}
      csrfToken={csrfToken}
      approve={{
        intent: "approve-answer",
        label: "Утвердить и отправить",
        button: "Утвердить и отправить",
        explanation: "Ответ уйдёт автору на его адрес электронной почты вместе с вложениями.",
      }}
      returnIntent="return-answer"
      returnLabel="Вернуть на доработку"
    />
  );
}

/** A sent answer whose mail failed: send it again, or record it sent by post. */
export function FailedAnswerActions({
  answer,
  csrfToken,
  today,
}: {
  answer: AnswerView;
  csrfToken: string;
  today: string;
}) {
  return (
    <>
      {/* A mail that bounced for good was sent: only one that failed every try is tried again. */}
      {answer.mail?.status === "failed" ? (
        <form method="post" className="staff-form" aria-label="Отправить ответ ещё раз">
          <CsrfField token={csrfToken} />
          <input type="hidden" name="intent" value="retry-answer" />
          <p>Письмо не доставлено. Можно отправить его ещё раз.</p>
          <Button>Отправить ответ ещё раз</Button>
        </form>
      ) : (
        <p data-testid="answer-bounced">
          Письмо с ответом не доставлено: {answer.mail?.bounce?.reason ?? "адрес отклонил его"}.
        </p>
      )}
      <form method="post" className="staff-form" aria-label="Ответ отправлен почтой">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value="answer-by-post" />
        <DateInput
          id="posted-on"
          name="posted_on"
          label="Дата отправки почтой"
          defaultValue={today}
          min={answer.answeredOn}
          max={today}
          required
        />
        <Textarea
          id="post-address"
          name="post_address"
          label="Почтовый адрес"
          {...inputConstraints(appealActionFormSchema, "answer-by-post", "post_address")}
          rows={2}
        />
        <Button>Отметить отправку почтой</Button>
      </form>
      <MailAnswerActions csrfToken={csrfToken} to={answer.mail?.to ?? ""} />
    </>
  );
}
