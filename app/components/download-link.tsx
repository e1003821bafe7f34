import type { ReactNode } from "react";
import { formatFileSize } from "../../content/format.ts";
import type { UploadedFileFacts } from "../../domain/site-content/site-files.ts";

/**
 * What a page needs to label a download: the shape `describePublicFile` returns in a route
 * loader. Declared here so component code never imports the server-only module.
 */
export type FileLabel = {
  href: string;
  format: string;
  /** 'PDF, 240 КБ' */
  sizeLabel: string;
};

/** Files read at build time, keyed by href, as a route loader hands them to its page. */
export type FileLabels = Record<string, FileLabel>;

export function fileLabel(files: FileLabels, href: string): FileLabel {
  const file = files[href];
  if (!file) throw new Error(`No file description for ${href}: add it to the route's loader`);
  return file;
}

/** An uploaded file's label, from what the page's content keeps of it (decision 0036). */
export function uploadedFileLabel(href: string, facts: UploadedFileFacts): FileLabel {
  return {
    href,
    format: facts.format,
    sizeLabel: `${facts.format}, ${formatFileSize(facts.bytes)}`,
  };
}

/**
 * A link to a file with its format and size after the title: the link's accessible name says
 * what the file is and what it weighs ('Устав (PDF, 240 КБ)').
 */
export function DownloadLink({
  file,
  children,
  className,
}: {
  file: FileLabel;
  children: ReactNode;
  className?: string;
}) {
  return (
    <a className={className ? `download-link ${className}` : "download-link"} href={file.href}>
      <span className="download-link__title">{children}</span>{" "}
      <span className="download-link__meta">({file.sizeLabel})</span>
    </a>
  );
}
