/**
 * What staff may attach to an answer: the types (recognised by their content on the server, never
 * by their name) and the limits, written once for the answer form (its hints, `accept`) and the
 * server that enforces them while the upload streams in.
 */
export const answerFileTypes = [
  { extension: "pdf", mediaType: "application/pdf", label: "PDF" },
  {
    extension: "docx",
    mediaType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    label: "DOCX",
  },
  { extension: "odt", mediaType: "application/vnd.oasis.opendocument.text", label: "ODT" },
  { extension: "jpg", mediaType: "image/jpeg", label: "JPEG" },
  { extension: "png", mediaType: "image/png", label: "PNG" },
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
export const answerFileTypeList = `${answerFileTypes
  .slice(0, -1)
  .map((type) => type.label)
  .join(", ")} или ${answerFileTypes.at(-1)?.label}`;

/** The file input's `accept`: a hint to the browser's picker; the server decides by content. */
export const answerFileAccept = [
  ...answerFileTypes.map((type) => `.${type.extension}`),
  ".jpeg",
  ...answerFileTypes.map((type) => type.mediaType),
].join(",");

export const answerFileMessages = {
  tooMany: `Можно приложить не более ${answerFileLimits.maxFiles} файлов.`,
  tooLarge: `Файлы вместе — не более ${answerFileLimits.maxTotalBytes / 1024 / 1024} МБ.`,
  wrongType: (name: string) =>
    `Файл «${name}» не принят: по содержимому это не ${answerFileTypeList}. Приложите документ в одном из этих форматов.`,
  empty: (name: string) => `Файл «${name}» пуст.`,
} as const;
