/**
 * The file types the site takes somewhere, each once: its extension (given to a file whose name
 * says otherwise), its media type as the server recognises it from the content
 * (server/attachments/content-type.ts) and its label in Russian messages and hints. Each form
 * picks its own list from here (a staff answer's, a citizen's appeal's, an editor's of the site).
 */
const officeXml = "application/vnd.openxmlformats-officedocument";
const openDocument = "application/vnd.oasis.opendocument";

export const fileTypes = {
  pdf: { extension: "pdf", mediaType: "application/pdf", label: "PDF" },
  doc: { extension: "doc", mediaType: "application/msword", label: "DOC" },
  docx: { extension: "docx", mediaType: `${officeXml}.wordprocessingml.document`, label: "DOCX" },
  odt: { extension: "odt", mediaType: `${openDocument}.text`, label: "ODT" },
  rtf: { extension: "rtf", mediaType: "application/rtf", label: "RTF" },
  txt: { extension: "txt", mediaType: "text/plain", label: "TXT" },
  xls: { extension: "xls", mediaType: "application/vnd.ms-excel", label: "XLS" },
  xlsx: { extension: "xlsx", mediaType: `${officeXml}.spreadsheetml.sheet`, label: "XLSX" },
  ods: { extension: "ods", mediaType: `${openDocument}.spreadsheet`, label: "ODS" },
  jpeg: { extension: "jpg", mediaType: "image/jpeg", label: "JPEG" },
  png: { extension: "png", mediaType: "image/png", label: "PNG" },
  heic: { extension: "heic", mediaType: "image/heic", label: "HEIC" },
  // A HEIF still image from a phone (brand 'mif1'): the same HEIC for the person who sends it.
  heif: { extension: "heic", mediaType: "image/heif", label: "HEIC" },
  webp: { extension: "webp", mediaType: "image/webp", label: "WEBP" },
} as const;

export type FileType = { extension: string; mediaType: string; label: string };

/** Bytes in a megabyte, as every limit and size on the site counts them. */
export const megabyte = 1024 * 1024;

/** 'PDF, DOCX или PNG': a list's labels (each once), for messages and hints. */
export function typeListOf(types: readonly FileType[]): string {
  return labelListOf(types.map((type) => type.label));
}

/** 'PDF, DOCX или PNG': labels (each once) as a list in words. */
export function labelListOf(labelsGiven: readonly string[]): string {
  const labels = [...new Set(labelsGiven)];
  return labels.length > 1
    ? `${labels.slice(0, -1).join(", ")} или ${labels.at(-1)}`
    : `${labels[0]}`;
}

/** A file input's `accept`: a hint to the browser's picker; the server decides by content. */
export function acceptOf(types: readonly FileType[], alsoExtensions: readonly string[]): string {
  const extensions = [...types.map((type) => type.extension), ...alsoExtensions];
  const accepted = [
    ...extensions.map((extension) => `.${extension}`),
    ...types.map((type) => type.mediaType),
  ];
  return [...new Set(accepted)].join(",");
}

/** '240 КБ', '1,2 МБ': a file's size as the site writes it. */
export function fileSizeWords(bytes: number): string {
  if (bytes < megabyte) return `${Math.max(1, Math.round(bytes / 1024))} КБ`;
  return `${(bytes / megabyte).toFixed(1).replace(".", ",")} МБ`;
}
