/**
 * 'Ответ гражданину' on an appeal's page: the form that writes and sends the answer with its
 * files (multipart, posted to the server's upload address), its preview, and, once sent, the
 * record of what was said, when, to which address, with which files, and how its mail fared.
 */
import {
  answerFileAccept,
  answerFileLimits,
  answerFileTypeList,
  answerFileTypes,
} from "../../../domain/staff/answer-files.ts";
import type { AnswerPreview, AnswerView } from "../../../domain/staff/registry-types.ts";
import { DraftAuthorship, DraftDecision } from "./draft-review.tsx";
import { CsrfField, Day, Moment } from "./staff-display.tsx";

const mailLabels: Record<NonNullable<AnswerView["mail"]>["status"], string> = {
  pending: "ожидает отправки",
  sent: "отправлено",
  failed: "не доставлено: попытки исчерпаны",
};

/** '240 КБ', '1,2 МБ': sizes as the public site writes them. */
function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} КБ`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} МБ`;
}

function typeLabel(mediaType: string): string {
  return answerFileTypes.find((type) => type.mediaType === mediaType)?.label ?? mediaType;
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
        <form method="get" className="staff-form staff-template-pick" aria-label="Начать с шаблона">
          <label>
            Начать с шаблона
            <select name="template" required defaultValue="">
              <option value="" disabled>
                Выберите шаблон
              </option>
              {templates.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.title}
                </option>
              ))}
            </select>
          </label>
          <button type="submit">Вставить текст шаблона</button>
        </form>
      ) : null}
      {preview ? <AnswerPreviewBox preview={preview} /> : null}
      <form
        method="post"
        action={`/staff/appeals/${appealId}/answer`}
        encType="multipart/form-data"
        className="staff-form staff-answer-form"
        aria-labelledby="answer-form-title"
      >
        {/* First: the server checks the token before it reads any file. */}
        <CsrfField token={csrfToken} />
        <input type="hidden" name="version" value={version} />
        <h3 id="answer-form-title">Ответ гражданину</h3>
        <label>
          Текст ответа
          <textarea
            name="answer_text"
            required
            maxLength={answerFileLimits.maxTextLength}
            rows={12}
            defaultValue={draft?.text ?? ""}
          />
        </label>
        <label>
          Вложения
          <span className="staff-hint" id="answer-files-hint">
            Подписанное письмо и материалы: {answerFileTypeList}; не более{" "}
            {answerFileLimits.maxFiles} файлов и {answerFileLimits.maxTotalBytes / 1024 / 1024} МБ
            вместе.
            {preview ? " После предпросмотра выберите файлы снова." : ""}
            {keptFiles > 0
              ? ` Приложенные ранее файлы (${keptFiles}) останутся, если не выбрать другие.`
              : ""}
          </span>
          <input
            type="file"
            name="files"
            multiple
            accept={answerFileAccept}
            aria-describedby="answer-files-hint"
          />
        </label>
        <label>
          Исходящий номер
          <input name="outgoing_number" maxLength={50} defaultValue={draft?.outgoingNumber ?? ""} />
        </label>
        <div className="staff-buttons">
          <button type="submit" name="intent" value="answer-preview">
            Предпросмотр
          </button>
          <button type="submit" name="intent" value="answer">
            {sendLabel}
          </button>
        </div>
      </form>
    </>
  );
}

function AnswerPreviewBox({ preview }: { preview: AnswerPreview }) {
  return (
    <section className="staff-preview" aria-labelledby="answer-preview-title">
      <h3 id="answer-preview-title">Предпросмотр письма (не отправлено)</h3>
      <dl className="staff-fields">
        <dt>Кому</dt>
        <dd>{preview.to}</dd>
        <dt>Тема</dt>
        <dd data-testid="preview-subject">{preview.subject}</dd>
        <dt>Вложения</dt>
        <dd>
          {preview.files.length === 0
            ? "нет"
            : preview.files
                .map(
                  (file) =>
                    `${file.fileName} (${typeLabel(file.mediaType)}, ${fileSize(file.byteSize)})`,
                )
                .join("; ")}
        </dd>
      </dl>
      <pre className="staff-mail-text" data-testid="preview-text">
        {preview.text}
      </pre>
    </section>
  );
}

function AnswerFiles({ appealId, files }: { appealId: string; files: AnswerView["files"] }) {
  if (files.length === 0) return <>нет</>;
  return (
    <ul className="staff-files">
      {files.map((file) => (
        <li key={file.id}>
          <a href={`/staff/appeals/${appealId}/files/${file.id}`} download>
            {file.fileName}
          </a>{" "}
          ({typeLabel(file.mediaType)}, {fileSize(file.byteSize)})
        </li>
      ))}
    </ul>
  );
}

/**
 * An executor's draft as a head reviews it ('На согласовании': send it or return it with what to
 * change) or as it came back ('На доработку', with the head's comment).
 */
export function DraftAnswer({
  appealId,
  version,
  answer,
  csrfToken,
  mayReview,
}: {
  appealId: string;
  version: number;
  answer: AnswerView;
  csrfToken: string;
  mayReview: boolean;
}) {
  const waiting = answer.state === "awaiting_approval";
  return (
    <section aria-labelledby="draft-answer-title" data-testid="draft-answer">
      <h3 id="draft-answer-title">
        {waiting ? "Проект ответа: на согласовании" : "Проект ответа: на доработку"}
      </h3>
      <dl className="staff-fields">
        <DraftAuthorship
          by={answer.staffLogin}
          at={answer.createdAt}
          reviewedBy={answer.reviewedBy}
          reviewComment={answer.reviewComment}
          commentTestId="review-comment"
        />
        <dt>Исходящий номер</dt>
        <dd>{answer.outgoingNumber ?? "—"}</dd>
        <dt>Текст ответа</dt>
        <dd data-testid="draft-text">{answer.text}</dd>
        <dt>Вложения</dt>
        <dd>
          <AnswerFiles appealId={appealId} files={answer.files} />
        </dd>
      </dl>
      {waiting && mayReview ? (
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
      ) : null}
    </section>
  );
}

export function SentAnswer({
  appealId,
  answer,
  csrfToken,
  today,
}: {
  appealId: string;
  answer: AnswerView;
  csrfToken: string;
  today: string;
}) {
  const failed = answer.mail?.status === "failed" && !answer.byPost;
  return (
    <section aria-labelledby="sent-answer-title" data-testid="sent-answer">
      <h3 id="sent-answer-title">Отправленный ответ</h3>
      <dl className="staff-fields">
        <dt>Отправлен</dt>
        <dd>
          <Moment iso={answer.createdAt} />, {answer.staffLogin}
          {answer.reviewedBy ? `; утвердил ${answer.reviewedBy}` : ""}
        </dd>
        <dt>Исходящий номер</dt>
        <dd>{answer.outgoingNumber ?? "—"}</dd>
        <dt>Адрес</dt>
        <dd>{answer.mail?.to ?? "—"}</dd>
        <dt>Письмо</dt>
        <dd data-testid="answer-mail-status">
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
        </dd>
        {answer.byPost ? (
          <>
            <dt>Отправлен почтой</dt>
            <dd data-testid="answer-by-post">
              <Day iso={answer.byPost.on} />, {answer.byPost.address} ({answer.byPost.login})
            </dd>
          </>
        ) : null}
        <dt>Текст ответа</dt>
        <dd data-testid="answer-text">{answer.text}</dd>
        <dt>Вложения</dt>
        <dd>
          <AnswerFiles appealId={appealId} files={answer.files} />
        </dd>
      </dl>
      {failed ? (
        <div className="staff-actions">
          <form method="post" className="staff-form" aria-label="Отправить ответ ещё раз">
            <CsrfField token={csrfToken} />
            <input type="hidden" name="intent" value="retry-answer" />
            <p>Письмо не доставлено. Можно отправить его ещё раз.</p>
            <button type="submit">Отправить ответ ещё раз</button>
          </form>
          <form method="post" className="staff-form" aria-label="Ответ отправлен почтой">
            <CsrfField token={csrfToken} />
            <input type="hidden" name="intent" value="answer-by-post" />
            <label>
              Дата отправки почтой
              <input
                name="posted_on"
                type="date"
                defaultValue={today}
                min={answer.answeredOn}
                max={today}
                required
              />
            </label>
            <label>
              Почтовый адрес
              <textarea name="post_address" required maxLength={500} rows={2} />
            </label>
            <button type="submit">Отметить отправку почтой</button>
          </form>
        </div>
      ) : null}
    </section>
  );
}
