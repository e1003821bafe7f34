/**
 * The files editors upload for the public site (decision 0036): kept in the store's one table of
 * files (server/db/attachments-repository.ts, owner kind 'site'), each with its audit line, in
 * one transaction for a form's files; a PDF checked for tags and a declared language, accepted
 * with the warnings in words. A kept file is never changed, and never deleted while any edition
 * names it: its address answers as long as the pages' history may point at it again. A file no
 * edition names is deleted 30 days later (unused-uploads-purge.ts, decision 0063).
 */
import { pdfAccessibility } from "../../content/pdf-accessibility.server.ts";
import type { SubmittedFile } from "../../domain/attachments/submitted-file.ts";
import { imageSizeOf } from "../../domain/site-content/image-size.ts";
import {
  formatOfMediaType,
  pdfWarningsOf,
  siteFileAddress,
  type UploadedFileFacts,
  type UploadedSiteFile,
} from "../../domain/site-content/site-files.ts";
import { can, type StaffViewer } from "../../domain/staff/staff-roles.ts";
import { eventEntry } from "../db/audit-repository.ts";
import type { DataLayer } from "../db/data-layer.ts";
import type { PdfText, PdfTextReader } from "../search/pdf-text-reader.ts";

export type SiteFileService = ReturnType<typeof createSiteFileService>;

/**
 * What an editor is told of a PDF the search could not read whole (issue 40): the reader's
 * verdict is kept by the bytes' hash, so the search later takes it without reading again.
 */
function searchWarningsOf(read: PdfText | undefined, maxChars: number): string[] {
  if (read?.kind === "over-budget") {
    return [
      "Текст файла слишком велик для поиска по сайту: файл найдётся только по названию. Если это обычный документ, сохраните PDF заново (например, «Сохранить как PDF» в Word) и загрузите снова.",
    ];
  }
  if (read?.kind === "text" && read.cut) {
    return [
      `Текст файла длиннее ${maxChars.toLocaleString("ru-RU")} знаков: поиск по сайту найдёт слова только из его начала.`,
    ];
  }
  return [];
}

export function createSiteFileService(deps: {
  data: Pick<DataLayer, "transaction" | "attachments" | "audit">;
  now?: () => Date;
  /** The search's reader of PDFs' text: a PDF it cannot read whole is warned of on upload. */
  pdfTexts?: PdfTextReader | undefined;
}) {
  const { data } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * A file's facts from its bytes: its format, a PDF's warnings (accessibility, and the search's
   * verdict, read off the event loop and kept by the bytes' hash), a picture's size for its
   * <img> (decision 0040). What an upload tells, and what a posted page's content keeps of a
   * stored file (stored-file-facts.ts).
   */
  async function describe(
    mediaType: string,
    bytes: Uint8Array,
  ): Promise<Omit<UploadedFileFacts, "bytes"> | undefined> {
    const format = formatOfMediaType(mediaType);
    if (!format) return undefined;
    const content = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    const warnings =
      format === "PDF"
        ? [
            ...pdfWarningsOf(pdfAccessibility(content)),
            ...searchWarningsOf(await deps.pdfTexts?.read(content), deps.pdfTexts?.maxChars ?? 0),
          ]
        : [];
    return { format, warnings, ...imageSizeOf(format, content) };
  }

  return {
    describe,

    /** Keeps a form's files (their types already checked by content); none for a viewer who may not edit. */
    async keep(viewer: StaffViewer, files: readonly SubmittedFile[]): Promise<UploadedSiteFile[]> {
      if (!can(viewer.role, "edit-site")) throw new Error("an upload outside the role");
      const described: Array<
        { file: SubmittedFile } & Omit<UploadedSiteFile, "href" | "fileName" | "bytes">
      > = [];
      for (const file of files) {
        const facts = await describe(file.mediaType, file.content);
        if (!facts) throw new Error(`not a site file type: ${file.mediaType}`);
        described.push({ file, ...facts });
      }
      const at = now();
      return data.transaction(async (tx) => {
        const kept: UploadedSiteFile[] = [];
        for (const { file, ...facts } of described) {
          const info = await data.attachments.insertSiteFile(file, at, tx);
          const href = siteFileAddress(info.id, info.fileName);
          await data.audit.record(
            eventEntry(at, viewer.login, "site-file-uploaded", `${href} sha256 ${info.sha256}`),
            tx,
          );
          kept.push({ href, fileName: info.fileName, bytes: info.byteSize, ...facts });
        }
        return kept;
      });
    },

    read: (id: string) => data.attachments.readSiteFile(id),
  };
}
