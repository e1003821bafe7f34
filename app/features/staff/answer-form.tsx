/**
 * The form that writes and sends the answer to the citizen with its files (multipart, posted to
 * the server's upload address), and the preview of its mail, shown above it on request.
 */
import { fileSizeWords, megabyte } from "../../../domain/attachments/file-types.ts";
import { inputConstraints } from "../../../domain/forms/input-constraints.ts";
import {
  answerFileAccept,
  answerFileLimits,
  answerFileTypeList,
} from "../../../domain/staff/answer-files.ts";
import { appealActionFormSchema } from "../../../domain/staff/appeal-action-form.ts";
import type { AnswerPreview } from "../../../domain/staff/registry-types.ts";
import { Button, ButtonGroup } from "../../components/staff/button/button.tsx";
import { TextInput } from "../../components/staff/field/field.tsx";
import { FileInput } from "../../components/staff/file-input/file-input.tsx";
import { Select } from "../../components/staff/select/select.tsx";
import { SummaryList, SummaryRow } from "../../components/staff/summary-list/summary-list.tsx";
import { Textarea } from "../../components/staff/textarea/textarea.tsx";
import { typeLabel } from "./answer-files.tsx";
import { CsrfField } from "./staff-display.tsx";

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
              {answerFileLimits.maxFiles} файлов и {answerFileLimits.maxTotalBytes / megabyte} МБ
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
