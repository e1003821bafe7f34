/**
 * Files editors upload for the public site (issue 28, decision 0036): the types (recognised by
 * their content on the server, never by their name), the limits and the Russian words of a
 * refusal, the public address of a kept file, and what a page's content says of one (its format
 * and size for the link's label, and the warnings an editor saw).
 */
import { z } from "zod";
import {
  acceptOf as acceptOfTypes,
  fileTypes,
  labelListOf,
  megabyte,
} from "../attachments/file-types.ts";
import { uuidText } from "../text/patterns.ts";

/** The types an editor may upload, from the site's one list (attachments/file-types.ts). */
export const siteFileTypes = (
  ["pdf", "docx", "xlsx", "odt", "ods", "jpeg", "png", "webp"] as const
).map((key) => ({ ...fileTypes[key], format: fileTypes[key].label }));

export type SiteFileFormat = (typeof siteFileTypes)[number]["format"];

export const siteFileFormats = siteFileTypes.map((type) => type.format) as [
  SiteFileFormat,
  ...SiteFileFormat[],
];

export const formatOfMediaType = (mediaType: string): SiteFileFormat | undefined =>
  siteFileTypes.find((type) => type.mediaType === mediaType)?.format;

export const siteFileLimits = {
  /** One file, in bytes (20 MB). */
  maxFileBytes: 20 * megabyte,
  /** Files in one post of an editor's form. */
  maxFiles: 4,
  /** All the files of one post together. */
  maxTotalBytes: 40 * megabyte,
  /**
   * The fields and the file inputs of an editor's form at its largest (file-lists-content.ts: 20
   * groups of 60 rows, each row up to 6 fields and 2 file inputs). A browser sends every file
   * input, an empty part for one left empty: only the files chosen count against `maxFiles`.
   */
  maxFields: 8000,
  maxFileInputs: 2400,
} as const;

/** 'PDF, DOCX, … или WEBP': formats (a type's label) listed as every file message lists them. */
export const formatList = labelListOf;

export const siteFileMessages = {
  tooMany: `За один раз можно загрузить не более ${siteFileLimits.maxFiles} файлов: сохраните черновик и загрузите остальные.`,
  tooLarge: `Файл больше ${siteFileLimits.maxFileBytes / megabyte} МБ не принят: уменьшите его (например, сохраните PDF с меньшим разрешением картинок) и загрузите снова. Ничего не сохранено.`,
  totalTooLarge: `Файлы вместе больше ${siteFileLimits.maxTotalBytes / megabyte} МБ: загрузите их по очереди. Ничего не сохранено.`,
  wrongType: (name: string) =>
    `Файл «${name}» не принят: по содержимому это не ${formatList(siteFileFormats)}. Ничего не сохранено.`,
  empty: (name: string) => `Файл «${name}» пуст. Ничего не сохранено.`,
  /** A file of an allowed type in a place that takes other types (a DOCX as a form's PDF). */
  wrongPlace: (name: string, place: string, formats: readonly string[]) =>
    `Файл «${name}» не принят: ${place} — это ${formatList(formats)}. Ничего не сохранено.`,
} as const;

/** The `accept` of a file input taking `formats`: a hint to the picker; the server decides. */
export const acceptOf = (formats: readonly SiteFileFormat[]) =>
  acceptOfTypes(
    siteFileTypes.filter((type) => formats.includes(type.format)),
    [],
  );

/** A kept file's public address: `/files/<id>/<its name>`, for ever (decision 0036). */
export const siteFileAddress = (id: string, fileName: string) =>
  `/files/${id}/${encodeURIComponent(fileName)}`;

export const siteFileAddressPattern = new RegExp(`^/files/(${uuidText})/([^/?#]+)$`);

/** A kept file's address, its name encoded as `siteFileAddress` encodes it. */
export function isSiteFileAddress(href: string): boolean {
  const name = siteFileAddressPattern.exec(href)?.[2];
  if (name === undefined) return false;
  try {
    return encodeURIComponent(decodeURIComponent(name)) === name;
  } catch {
    return false;
  }
}

/** What a page's content keeps of an uploaded file besides its address. */
export const uploadedFileSchema = z.object({
  format: z.enum(siteFileFormats),
  bytes: z.number().int().min(1).max(siteFileLimits.maxFileBytes),
  /** What the editor was warned of on upload (a PDF without tags or language), in words. */
  warnings: z.array(z.string().max(600)).max(5),
  /** A picture's size in pixels, read on upload (image-size.ts): the page's `<img>` gives it. */
  width: z.number().int().min(1).max(100_000).optional(),
  height: z.number().int().min(1).max(100_000).optional(),
});

export type UploadedFileFacts = z.infer<typeof uploadedFileSchema>;

/** A file just kept: its address and its facts. */
export type UploadedSiteFile = { href: string; fileName: string } & UploadedFileFacts;

/**
 * A file's address in a page's content: a file of the build (`/docs/…`, `/forms/…`, `/images/…`
 * under public/) or an uploaded one (`/files/<id>/<name>`).
 */
export const fileAddressSchema = z
  .string()
  .trim()
  .min(1, "Загрузите файл.")
  .refine(
    (href) => isSiteFileAddress(href) || /^\/(docs|forms|images)\/[a-z0-9][a-z0-9._-]*$/.test(href),
    "Загрузите файл: адрес файла не распознан.",
  );

/** The name a file is downloaded by, from its address (`/files/<id>/<name>`, `/docs/ustav.pdf`). */
export function fileNameOf(href: string): string {
  const last = href.slice(href.lastIndexOf("/") + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** An uploaded file's facts from the text a form's hidden field keeps; undefined if none or unreadable. */
export function uploadedFileFactsOf(text: string): UploadedFileFacts | undefined {
  if (text.trim() === "") return undefined;
  try {
    const parsed = uploadedFileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The text a form's hidden field keeps of a file just kept: its facts as JSON. */
export const factsTextOf = ({ format, bytes, warnings, width, height }: UploadedFileFacts) =>
  JSON.stringify({ format, bytes, warnings, ...(width && height ? { width, height } : {}) });

/** What a PDF's catalog tells of its accessibility (content/pdf-accessibility.server.ts). */
export type PdfFacts = {
  readable: boolean;
  marked: boolean;
  structureTree: boolean;
  language: string | undefined;
};

/**
 * The warnings an editor reads on uploading a PDF that assistive technology cannot read well: the
 * PDF is kept and may be published (an official document may arrive untagged), but the 2026
 * rules for state sites ask for tagged documents with a declared language.
 */
export function pdfWarningsOf(facts: PdfFacts): string[] {
  if (!facts.readable) {
    return [
      "Не удалось проверить, размечен ли PDF (его каталог не прочитан): проверьте доступность документа вручную.",
    ];
  }
  const warnings: string[] = [];
  if (!facts.marked || !facts.structureTree) {
    warnings.push(
      "PDF без тегов (нет разметки структуры): программы экранного доступа не прочтут заголовки, списки и таблицы. С 2026 года сайты государственных учреждений публикуют документы с тегами: в Word сохраните PDF с параметром «Теги структуры документа для специальных возможностей» и загрузите снова.",
    );
  }
  if (!facts.language?.trim()) {
    warnings.push(
      "В PDF не указан язык документа: программа экранного доступа может читать текст с чужим произношением. Укажите язык «русский» в свойствах документа перед сохранением в PDF.",
    );
  }
  return warnings;
}
