/**
 * The documents of /documents and the blank forms of /applications as staff edit them (issue 28):
 * groups with a title, each holding rows with a title and their files. A document has one file
 * (any type an upload takes); a blank form has an editable file (Word, Excel or their open
 * formats) and the same form as PDF. A file is the build's (`/docs/…`, `/forms/…`) or an
 * uploaded one (`/files/<id>/<name>`, with its format and size beside it). The same schemas check
 * the build's defaults (content/documents.ts, content/application-forms.ts), a posted form and a
 * stored edition.
 */
import { z } from "zod";
import { itemIdPattern } from "../text/patterns.ts";
import {
  fileAddressSchema,
  isSiteFileAddress,
  type SiteFileFormat,
  siteFileFormats,
  uploadedFileSchema,
} from "./site-files.ts";
import { requiredText } from "./typed-text.ts";

export const maxGroups = 20;
export const maxRows = 60;

const groupId = z.string().regex(itemIdPattern, "Неверный идентификатор группы.");
const rowId = z.string().regex(itemIdPattern, "Неверный идентификатор.");

/** An uploaded file's address must come with its facts, a build's file without them. */
const withFacts =
  (href: string, facts: string) => (row: Record<string, unknown>, context: z.RefinementCtx) => {
    const uploaded = isSiteFileAddress(String(row[href]));
    if (uploaded !== (row[facts] !== undefined)) {
      context.addIssue({ code: "custom", path: [href], message: "Загрузите файл ещё раз." });
    }
  };

const documentSchema = z
  .object({
    title: requiredText(300, "Укажите название документа."),
    href: fileAddressSchema,
    file: uploadedFileSchema.optional(),
  })
  .superRefine(withFacts("href", "file"));

const groupTitle = requiredText(200, "Укажите название группы.");
const rowsOf = <Row extends z.ZodType>(row: Row, empty: string) =>
  z.array(row).min(1, empty).max(maxRows, `Не больше ${maxRows} в группе.`);

const groups = <Group extends z.ZodType>(schema: Group) =>
  z
    .array(schema)
    .min(1, "Оставьте хотя бы одну группу.")
    .max(maxGroups, `Не больше ${maxGroups} групп.`);

export const documentsContentSchema = z.object({
  groups: groups(
    z.object({
      id: groupId,
      title: groupTitle,
      documents: rowsOf(
        documentSchema,
        "В группе нет документов: добавьте документ или удалите группу.",
      ),
    }),
  ),
});
export type DocumentsContent = z.infer<typeof documentsContentSchema>;

const applicationFormSchema = z
  .object({
    id: rowId,
    title: requiredText(300, "Укажите название бланка."),
    editableHref: fileAddressSchema,
    pdfHref: fileAddressSchema,
    editableFile: uploadedFileSchema.optional(),
    pdfFile: uploadedFileSchema.optional(),
  })
  .superRefine(withFacts("editableHref", "editableFile"))
  .superRefine(withFacts("pdfHref", "pdfFile"));
export type SiteApplicationForm = z.infer<typeof applicationFormSchema>;

export const applicationsContentSchema = z.object({
  groups: groups(
    z.object({
      id: groupId,
      title: groupTitle,
      forms: rowsOf(
        applicationFormSchema,
        "В группе нет бланков: добавьте бланк или удалите группу.",
      ),
    }),
  ),
});
export type ApplicationsContent = z.infer<typeof applicationsContentSchema>;

/** One file of a row: where its address and its facts are kept, what it takes, its name. */
export type FileSlot = {
  href: string;
  facts: string;
  formats: readonly SiteFileFormat[];
  /** «файл», «бланк для заполнения»: the field's label, and the refusal's words. */
  label: string;
};

/** What differs between the two lists: the rows' key, their files, the words. */
export type FileListKind = {
  /** The prefix of the editor's ids. */
  page: "documents" | "applications";
  rows: "documents" | "forms";
  /** The rows carry a stable id of their own (the blank forms). */
  rowIds: boolean;
  slots: readonly FileSlot[];
  words: { row: string; rowGenitive: string; addRow: string; removeRow: string };
};

export const documentsKind: FileListKind = {
  page: "documents",
  rows: "documents",
  rowIds: false,
  slots: [{ href: "href", facts: "file", formats: siteFileFormats, label: "Файл документа" }],
  words: {
    row: "документ",
    rowGenitive: "документа",
    addRow: "Добавить документ",
    removeRow: "Удалить документ",
  },
};

export const applicationsKind: FileListKind = {
  page: "applications",
  rows: "forms",
  rowIds: true,
  slots: [
    {
      href: "editableHref",
      facts: "editableFile",
      formats: ["DOCX", "XLSX", "ODT", "ODS"],
      label: "Бланк для заполнения",
    },
    { href: "pdfHref", facts: "pdfFile", formats: ["PDF"], label: "Бланк в PDF" },
  ],
  words: {
    row: "бланк",
    rowGenitive: "бланка",
    addRow: "Добавить бланк",
    removeRow: "Удалить бланк",
  },
};
