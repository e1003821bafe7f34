/**
 * The files editors upload for the public site (decision 0036): kept in the store's one table of
 * files (server/db/attachments-repository.ts, owner kind 'site'), each with its audit line, in
 * one transaction for a form's files; a PDF checked for tags and a declared language, accepted
 * with the warnings in words. A kept file is never changed nor deleted: its address answers for
 * as long as the store lives, the pages' history may point at it again.
 */
import { pdfAccessibility } from "../../content/pdf-accessibility.server.ts";
import type { SubmittedFile } from "../../domain/attachments/submitted-file.ts";
import { imageSizeOf } from "../../domain/site-content/image-size.ts";
import {
  formatOfMediaType,
  pdfWarningsOf,
  siteFileAddress,
  type UploadedSiteFile,
} from "../../domain/site-content/site-files.ts";
import { can, type StaffViewer } from "../../domain/staff/staff-roles.ts";
import { eventEntry } from "../db/audit-repository.ts";
import type { DataLayer } from "../db/data-layer.ts";

export type SiteFileService = ReturnType<typeof createSiteFileService>;

export function createSiteFileService(deps: {
  data: Pick<DataLayer, "transaction" | "attachments" | "audit">;
  now?: () => Date;
}) {
  const { data } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    /** Keeps a form's files (their types already checked by content); none for a viewer who may not edit. */
    async keep(viewer: StaffViewer, files: readonly SubmittedFile[]): Promise<UploadedSiteFile[]> {
      if (!can(viewer.role, "edit-site")) throw new Error("an upload outside the role");
      const described = files.map((file) => {
        const format = formatOfMediaType(file.mediaType);
        if (!format) throw new Error(`not a site file type: ${file.mediaType}`);
        const content = Buffer.from(
          file.content.buffer,
          file.content.byteOffset,
          file.content.length,
        );
        const warnings = format === "PDF" ? pdfWarningsOf(pdfAccessibility(content)) : [];
        // A picture's size, for the width and height of its <img> (decision 0040).
        return { file, format, warnings, ...imageSizeOf(format, content) };
      });
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
