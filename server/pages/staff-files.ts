/**
 * The staff area's files beside its pages: a file kept with an appeal, the registry as CSV, the
 * statistics as CSV and XLSX. Served through the door (page-door.ts) with the staff pages'
 * session, for the signed-in viewer only.
 */
import contentDisposition from "content-disposition";
import type { FastifyReply, FastifyRequest } from "fastify";
import { readRegistryQuery } from "../../domain/staff/registry-query.ts";
import { roleRefusal, type StaffCapability } from "../../domain/staff/staff-roles.ts";
import type { AppealsRepository } from "../db/appeals-repository.ts";
import type { CaseFileExport, ZipDownload } from "../staff/archive/case-file-export.ts";
import type { SignedIn } from "../staff/auth/staff-auth.ts";
import { sendRegistryCsv } from "../staff/registry/csv-export.ts";
import type { RegistryService } from "../staff/registry/registry-service.ts";
import { sendStatisticsFile } from "../staff/statistics/statistics-export.ts";
import type { StatisticsService } from "../staff/statistics/statistics-service.ts";
import { staffRefusalPage } from "./page-answers.ts";

export type StaffFileRoute = {
  path: string;
  /** What the viewer's role must be allowed, and the refusal's words if it is not. */
  capability?: { name: StaffCapability; refusal: string };
  send(request: FastifyRequest, reply: FastifyReply, viewer: SignedIn): Promise<unknown> | unknown;
};

/** A file kept with an appeal, downloaded by staff. */
const attachmentRoute = "/staff/appeals/:id/files/:fileId";

export function staffFileRoutes(deps: {
  registry: RegistryService;
  appeals: Pick<AppealsRepository, "eachInRegistry">;
  statistics: StatisticsService;
  /** The case file as a ZIP, one case or a closing year's (issue 45). */
  caseFiles: CaseFileExport;
}): StaffFileRoute[] {
  // A head's only: to anyone else the case file is not there, as an unknown case or year.
  const sendZip = (reply: FastifyReply, download: ZipDownload | undefined) =>
    download
      ? reply
          .type("application/zip")
          .header("content-disposition", contentDisposition(download.fileName))
          .header("cache-control", "no-store")
          .send(download.stream)
      : staffRefusalPage(reply, 404, "Дело не найдено.");
  return [
    {
      path: attachmentRoute,
      async send(request, reply, viewer) {
        const { id, fileId } = request.params as { id: string; fileId: string };
        const file = await deps.registry.attachment(viewer, id, fileId);
        if (!file) return staffRefusalPage(reply, 404, "Файл не найден.");
        return reply
          .type(file.mediaType)
          .header("content-disposition", contentDisposition(file.fileName))
          .header("x-content-type-options", "nosniff")
          .send(file.content);
      },
    },
    {
      path: "/staff/export.csv",
      send(request, reply, viewer) {
        const read = readRegistryQuery(new URLSearchParams(request.url.split("?")[1] ?? ""));
        if (!read.ok) return staffRefusalPage(reply, 400, read.message);
        // An executor's CSV holds the appeals assigned to them; an administrator's, none.
        const scoped = deps.registry.exportQuery(viewer, read.query);
        if (!scoped) return staffRefusalPage(reply, 403, roleRefusal);
        return sendRegistryCsv(reply, deps.appeals, scoped, deps.registry.today());
      },
    },
    {
      path: "/staff/appeals/:id/case.zip",
      async send(request, reply, viewer) {
        const { id } = request.params as { id: string };
        return sendZip(reply, await deps.caseFiles.caseFile(viewer, id));
      },
    },
    {
      path: "/staff/archive/years/:year.zip",
      async send(request, reply, viewer) {
        const { year } = request.params as { year: string };
        return sendZip(reply, await deps.caseFiles.yearFile(viewer, year));
      },
    },
    // The statistics page's figures as files (issue 19): CSV and an XLSX workbook.
    ...(["csv", "xlsx"] as const).map((format) => ({
      path: `/staff/statistics.${format}`,
      capability: { name: "statistics" as const, refusal: "Статистику смотрят руководители." },
      send(request: FastifyRequest, reply: FastifyReply) {
        const today = deps.registry.today();
        return sendStatisticsFile(reply, deps.statistics, request.url, today, format);
      },
    })),
  ];
}
