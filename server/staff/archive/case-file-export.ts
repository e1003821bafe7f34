/**
 * The case file exported whole (issue 45): one appeal's case as a ZIP
 * (GET /staff/appeals/:id/case.zip), and every case closed in a year with its inventory
 * (GET /staff/archive/years/:year.zip), for transfer to the organisation's archive. A head's
 * only: anyone else, and an unknown case or year, gets nothing (404). Each export is audited
 * (who, which case or year; no personal data). The ZIP is streamed: a year's export reads its
 * cases one at a time.
 */
import { topicLabel } from "../../../domain/appeals/appeal-topics.ts";
import type { StaffViewer } from "../../../domain/staff/staff-roles.ts";
import { kirovIsoDate } from "../../../domain/time/kirov-time.ts";
import { eventEntry } from "../../db/audit-repository.ts";
import type { DataLayer } from "../../db/data-layer.ts";
import type { MailContacts } from "../../mail/citizen-mail-layout.ts";
import { createDeliveryComposer } from "../../mail/delivery-mails.ts";
import { mailDomain } from "../../mail/mailer.ts";
import { restoredMessage } from "../../mail/restored-mail.ts";
import type { RegistryService } from "../registry/registry-service.ts";
import { type CaseFileSources, caseEntries } from "./case-file-contents.ts";
import { safeSegment } from "./case-file-names.ts";
import { openZip } from "./case-file-zip.ts";
import { type InventoryLine, inventoryCsv, inventoryHtml } from "./year-export-inventory.ts";

export type ZipDownload = { fileName: string; stream: NodeJS.ReadableStream };

export type CaseFileExport = {
  /** One case's ZIP; undefined for anyone but a head, or no such appeal. */
  caseFile(viewer: StaffViewer, appealId: string): Promise<ZipDownload | undefined>;
  /** A year's closed cases and their inventory; undefined for anyone but a head, or none closed. */
  yearFile(viewer: StaffViewer, year: string): Promise<ZipDownload | undefined>;
};

export function createCaseFileExport(deps: {
  data: DataLayer;
  registry: Pick<RegistryService, "getAppeal">;
  /** For a mail sent before copies were kept, built again by the mail code (restored-mail.ts). */
  siteUrl: string;
  contacts: () => MailContacts;
  /** MAIL_FROM; absent when mail is off. */
  mailFrom: string | undefined;
  now?: () => Date;
}): CaseFileExport {
  const { data, registry } = deps;
  const now = deps.now ?? (() => new Date());
  const from = deps.mailFrom ?? "noreply@localhost";
  const compose = createDeliveryComposer({
    data,
    handlers: [],
    mailer: { domain: mailDomain(from) },
    siteUrl: deps.siteUrl,
    contacts: deps.contacts,
  });
  const sources: CaseFileSources = {
    data,
    restore: (appealId, mail) => restoredMessage(compose, from, appealId, mail),
  };
  const isHead = (viewer: StaffViewer) => viewer.role === "head";

  return {
    async caseFile(viewer, appealId) {
      if (!isHead(viewer)) return undefined;
      const view = await registry.getAppeal(viewer, appealId);
      if (!view) return undefined;
      const at = now();
      const entries = await caseEntries(view, sources, at);
      await data.audit.record(
        eventEntry(at, viewer.login, "case-file-export", `дело № ${view.appeal.number}`),
      );
      const zip = openZip();
      const folder = safeSegment(view.appeal.number);
      for (const entry of entries) zip.add(`${folder}/${entry.name}`, entry.content, entry.date);
      void zip.finish().catch((error: Error) => zip.fail(error));
      return { fileName: `дело-${folder}.zip`, stream: zip.stream };
    },

    async yearFile(viewer, yearText) {
      if (!isHead(viewer) || !/^\d{4}$/.test(yearText)) return undefined;
      const year = Number(yearText);
      const cases = await data.caseFiles.closedIn(year);
      if (cases.length === 0) return undefined;
      const at = now();
      await data.audit.record(
        eventEntry(at, viewer.login, "archive-year-export", `${year} год, дел: ${cases.length}`),
      );
      const zip = openZip();
      const lines: InventoryLine[] = [];
      const writeAll = async () => {
        for (const closed of cases) {
          const view = await registry.getAppeal(viewer, closed.id);
          // Destroyed by an act since the list was read: it is not in the file, nor the inventory.
          if (!view) continue;
          const entries = await caseEntries(view, sources, at);
          const folder = safeSegment(view.appeal.number);
          for (const entry of entries)
            zip.add(`${folder}/${entry.name}`, entry.content, entry.date);
          lines.push({
            number: view.appeal.number,
            receivedOn: kirovIsoDate(new Date(view.appeal.created_at)),
            closedOn: closed.closedOn,
            topic: topicLabel(view.appeal.topic),
            term: view.storage.label,
            caseIndex: view.storage.caseIndex,
            files: entries.length,
          });
          await zip.written();
        }
        zip.add("опись.html", Buffer.from(inventoryHtml(year, lines, at), "utf8"), at);
        zip.add("опись.csv", inventoryCsv(lines), at);
        await zip.finish();
      };
      void writeAll().catch((error: Error) => zip.fail(error));
      return { fileName: `архив-${year}.zip`, stream: zip.stream };
    },
  };
}
