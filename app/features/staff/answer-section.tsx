import { inputConstraints } from "../../../domain/forms/input-constraints.ts";
import { appealActionFormSchema } from "../../../domain/staff/appeal-action-form.ts";
/**
 * 'Ответ гражданину' on an appeal's page: the form that writes and sends the answer with its
 * files (multipart, posted to the server's upload address), its preview, and, once sent, the
 * record of what was said, when, to which address, with which files, and how its mail fared.
 */

import { fileSizeWords, fileTypes } from "../../../domain/attachments/file-types.ts";
import {
  answerFileAccept,
  answerFileLimits,
  answerFileTypeList,
} from "../../../domain/staff/answer-files.ts";
import type { AnswerPreview, AnswerView } from "../../../domain/staff/registry-types.ts";
import { Button, ButtonGroup } from "../../components/staff/button/button.tsx";
import { DateInput } from "../../components/staff/date-input/date-input.tsx";
import { TextInput } from "../../components/staff/field/field.tsx";
import { FileInput } from "../../components/staff/file-input/file-input.tsx";
import { Select } from "../../components/staff/select/select.tsx";
import { SummaryList, SummaryRow } from "../../components/staff/summary-list/summary-list.tsx";
import { Textarea } from "../../components/staff/textarea/textarea.tsx";
import { DraftAuthorship, DraftDecision } from "./draft-review.tsx";
import { CsrfField, Day, Moment } from "./staff-display.tsx";

const mailLabels: Record<NonNullable<AnswerView["mail"]>["status"], string> = {
  pending: "ожидает отправки",
  sent: "отправлено",
  failed: "не доставлено: попытки исчерпаны",
};

function typeLabel(mediaType: string): string {
  const known = Object.values(fileTypes).find((type) => type.mediaType === mediaType);
  return known?.label ?? mediaType;
}

export type AnswerDraft = { text: string; outgoingNumber: string };

export function AnswerForm({
  appealId,
  version,
  csrfToken,
  draft,
  preview,
  templates,
  sendLabel,
  keptFiles,
}: {
  appealId: string;
  version: number;
  csrfToken: string;
  draft: AnswerDraft | undefined;
  preview: AnswerPreview | undefined;
  /** The reply templates the text may start from. */
  templates: Array<{ id: number; title: string }>;
  /** 'Отправить ответ', or 'Передать на согласование' for an executor's draft. */
  sendLabel: string;
  /** A returned draft's files: kept unless others are chosen. */
  keptFiles: number;
}) {
  return (
    <>
      {templates.length > 0 ? (
        <form method="get" className="staff-form" aria-label="Начать с шаблона">
          <Select
            id="answer-template"
            name="template"
            label="Начать с шаблона"
            required
            defaultValue=""
            options={[
              { value: "", label: "Выберите шаблон", disabled: true },
              ...templates.map((template) => ({
                value: String(template.id),
                label: template.title,
              })),
            ]}
          />
          <Button kind="secondary">Вставить текст шаблона</Button>
        </form>
      ) : null}
      {preview ? <AnswerPreviewBox preview={preview} /> : null}
      <form
        method="post"
        action={`/staff/appeals/${appealId}/answer`}
        encType="multipart/form-data"
        className="staff-form"
        aria-labelledby="answer-form-title"
      >
        {/* First: the server checks the token before it reads any file. */}
        <CsrfField token={csrfToken} />
        <input type="hidden" name="version" value={version} />
        <h3 id="answer-form-title">Ответ гражданину</h3>
        <Textarea
          id="answer-text"
          name="answer_text"
          label="Текст ответа"
          {...inputConstraints(appealActionFormSchema, "answer", "answer_text")}
          rows={12}
          defaultValue={draft?.text ?? ""}
        />
        <FileInput
          id="answer-files"
          name="files"
          label="Вложения"
          hint={
            <>
              Подписанное письмо и материалы: {answerFileTypeList}; не более{" "}
              {answerFileLimits.maxFiles} файлов и {answerFileLimits.maxTotalBytes / 1024 / 1024} МБ
              вместе.
              {preview ? " После предпросмотра выберите файлы снова." : ""}
              {keptFiles > 0
                ? ` Приложенные ранее файлы (${keptFiles}) останутся, если не выбрать другие.`
                : ""}
            </>
          }
          multiple
          accept={answerFileAccept}
        />
        <TextInput
          id="answer-outgoing-number"
          name="outgoing_number"
          label="Исходящий номер"
          short
          {...inputConstraints(appealActionFormSchema, "answer", "outgoing_number")}
          defaultValue={draft?.outgoingNumber ?? ""}
        />
        <ButtonGroup>
          {/* Preview first: Enter in a one-line field previews, never sends. */}
          <Button kind="secondary" name="intent" value="answer-preview">
            Предпросмотр
          </Button>
          <Button name="intent" value="answer">
            {sendLabel}
          </Button>
        </ButtonGroup>
      </form>
    </>
  );
}

function AnswerPreviewBox({ preview }: { preview: AnswerPreview }) {
  return (
    <section className="staff-preview" aria-labelledby="answer-preview-title">
      <h3 id="answer-preview-title">Предпросмотр письма (не отправлено)</h3>
      <SummaryList>
        <SummaryRow label="Кому">{preview.to}</SummaryRow>
        <SummaryRow label="Тема" testId="preview-subject">
          {preview.subject}
        </SummaryRow>
        <SummaryRow label="Вложения">
          {preview.files.length === 0
            ? "нет"
            : preview.files
                .map(
                  (file) =>
                    `${file.fileName} (${typeLabel(file.mediaType)}, ${fileSizeWords(file.byteSize)})`,
                )
                .join("; ")}
        </SummaryRow>
      </SummaryList>
      <pre className="staff-mail-text" data-testid="preview-text">
        {preview.text}
      </pre>
    </section>
  );
}

/** Files kept with an appeal (an answer's, or the citizen's own), each downloadable by staff. */
export function AnswerFiles({ appealId, files }: { appealId: string; files: AnswerView["files"] }) {
  if (files.length === 0) return <>нет</>;
  return (
    <ul className="staff-files">
      {files.map((file) => (
        <li key={file.id}>
          <a href={`/staff/appeals/${appealId}/files/${file.id}`} download>
            {file.fileName}
          </a>{" "}
          ({typeLabel(file.mediaType)}, {fileSizeWords(file.byteSize)})
        </li>
      ))}
    </ul>
  );
}

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
      <form method="post" className="staff-form" aria-label="Отправить ответ ещё раз">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value="retry-answer" />
        <p>Письмо не доставлено. Можно отправить его ещё раз.</p>
        <Button>Отправить ответ ещё раз</Button>
      </form>
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
    </>
  );
}
