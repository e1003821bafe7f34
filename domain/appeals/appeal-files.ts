/**
 * What a citizen may attach to an appeal (59-ФЗ art. 7 p. 3): the types, recognised by their
 * content on the server (never by their name), and the limits, written once for the form (its
 * hint, `accept`, the island's checks before sending) and the server that enforces them while
 * the upload streams in (decision 0045).
 */
import { acceptOf, fileTypes, typeListOf } from "../attachments/file-types.ts";

const appealTypeKeys = [
  ...["pdf", "doc", "docx", "odt", "rtf", "txt", "xls", "xlsx", "ods"],
  ...["jpeg", "png", "heic", "heif"],
] as const;

export const appealFileTypes = appealTypeKeys.map((key) => fileTypes[key]);

export const appealFileLimits = {
  /** Files per appeal. */
  maxFiles: 5,
  /** All the appeal's files together, in bytes (10 MB). */
  maxTotalBytes: 10 * 1024 * 1024,
} as const;

/** 'PDF, DOC, …, PNG или HEIC', for messages and hints. */
export const appealFileTypeList = typeListOf(appealFileTypes);

/** The hint under the file input. */
export const appealFilesHint = `${[...new Set(appealFileTypes.map((type) => type.label))].join(", ")}; не более ${appealFileLimits.maxFiles} файлов, ${appealFileLimits.maxTotalBytes / 1024 / 1024} МБ вместе.`;

/** The file input's `accept`: a hint to the browser's picker; the server decides by content. */
export const appealFileAccept = acceptOf(appealFileTypes, ["jpeg", "heif"]);

export const appealFileMessages = {
  tooMany: `Можно приложить не более ${appealFileLimits.maxFiles} файлов.`,
  tooLarge: `Файлы вместе — не более ${appealFileLimits.maxTotalBytes / 1024 / 1024} МБ.`,
  tooManyWith: (name: string) =>
    `Файл «${name}» не принят: можно приложить не более ${appealFileLimits.maxFiles} файлов.`,
  tooLargeWith: (name: string) =>
    `Файл «${name}» не принят: файлы вместе — не более ${appealFileLimits.maxTotalBytes / 1024 / 1024} МБ.`,
  wrongType: (name: string) =>
    `Файл «${name}» не принят: по содержимому это не ${appealFileTypeList}. Приложите документ в одном из этих форматов.`,
  empty: (name: string) => `Файл «${name}» пуст.`,
  /** The page's own check before sending, by the name (the server then reads the content). */
  wrongName: (name: string) =>
    `Файл «${name}» не принят: приложите документ в формате ${appealFileTypeList}.`,
} as const;
