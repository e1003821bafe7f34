/**
 * What staff may attach to an answer: the types (recognised by their content on the server, never
 * by their name) and the limits, written once for the answer form (its hints, `accept`) and the
 * server that enforces them while the upload streams in.
 */
import { acceptOf, fileTypes, typeListOf } from "../attachments/file-types.ts";

export const answerFileTypes = [
  fileTypes.pdf,
  fileTypes.docx,
  fileTypes.odt,
  fileTypes.jpeg,
  fileTypes.png,
] as const;

export const answerFileLimits = {
  /** Files per answer. */
  maxFiles: 5,
  /** All the answer's files together, in bytes (10 MB). */
  maxTotalBytes: 10 * 1024 * 1024,
  /** The answer's text, in characters. */
  maxTextLength: 20_000,
} as const;

/** 'PDF, DOCX, ODT, JPEG или PNG', for messages and hints. */
export const answerFileTypeList = typeListOf(answerFileTypes);

/** The file input's `accept`: a hint to the browser's picker; the server decides by content. */
export const answerFileAccept = acceptOf(answerFileTypes, ["jpeg"]);

export const answerFileMessages = {
  tooMany: `Можно приложить не более ${answerFileLimits.maxFiles} файлов.`,
  tooLarge: `Файлы вместе — не более ${answerFileLimits.maxTotalBytes / 1024 / 1024} МБ.`,
  wrongType: (name: string) =>
    `Файл «${name}» не принят: по содержимому это не ${answerFileTypeList}. Приложите документ в одном из этих форматов.`,
  empty: (name: string) => `Файл «${name}» пуст.`,
} as const;
