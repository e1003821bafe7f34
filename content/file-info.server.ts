import { statSync } from "node:fs";
import { formatFileSize } from "./format.ts";
import { publicFilePath } from "./public-dir.server.ts";

/**
 * Format and size of a downloadable file, read from `public/` when a route loader runs (at
 * prerender time), so the label next to a link is never typed by hand. Server-only: it reads
 * the file system.
 */
const formats = {
  pdf: "PDF",
  docx: "DOCX",
  xlsx: "XLSX",
  svg: "SVG",
  png: "PNG",
  webp: "WEBP",
  avif: "AVIF",
} as const;

type FileFormat = (typeof formats)[keyof typeof formats];

export type PublicFileInfo = {
  href: string;
  format: FileFormat;
  /** 'PDF, 240 КБ' (non-breaking space before the unit). */
  sizeLabel: string;
  bytes: number;
};

function fileFormat(href: string): FileFormat {
  const extension = href.slice(href.lastIndexOf(".") + 1).toLowerCase();
  const format = formats[extension as keyof typeof formats];
  if (!format) throw new Error(`Unknown file format for ${href}`);
  return format;
}

export function describePublicFile(href: string): PublicFileInfo {
  const format = fileFormat(href);
  const path = publicFilePath(href);
  let bytes: number;
  try {
    bytes = statSync(path).size;
  } catch {
    throw new Error(
      `Linked file ${href} is missing: expected ${path}. Run "node scripts/make-sample-files.ts" or add the file.`,
    );
  }
  return { href, format, sizeLabel: `${format}, ${formatFileSize(bytes)}`, bytes };
}
