/**
 * The pages' services, one port per feature (domain/pages/page-context.ts), built once per
 * server from the server's own services: what a page's loader or action may ask of it.
 */

import type { AppealsReview } from "../../domain/appeals/appeals-review.ts";
import { formEntriesToInput } from "../../domain/appeals/form-input.ts";
import { addCalendarDays } from "../../domain/calendar/calendar-day.ts";
import type { PageServices } from "../../domain/pages/page-context.ts";
import type { SearchPort } from "../../domain/search/search-port.ts";
import {
  reportDays,
  reportRows,
  type SearchQueriesPort,
} from "../../domain/search/search-queries-report.ts";
import type { SiteReviewPort } from "../../domain/site-content/review-date.ts";
import type { SitePort } from "../../domain/site-content/site-port.ts";
import type { ArchivePort } from "../../domain/staff/archive-port.ts";
import type { StaffAccountPort } from "../../domain/staff/site-notice-choice.ts";
import type { AppealService } from "../appeals/appeal-service.ts";
import { createStatusLookup } from "../appeals/status-lookup.ts";
import type { StatusLookupGuard } from "../appeals/status-lookup-guard.ts";
import type { DataLayer } from "../db/data-layer.ts";
import { inboundLimits } from "../mail/inbound/register-mailbox-reader.ts";
import type { SearchQueryCounter } from "../search/search-query-counter.ts";
import type { StaffAuth } from "../staff/auth/staff-auth.ts";
import { createMailboxService } from "../staff/mailbox/mailbox-service.ts";
import type { RegistryService } from "../staff/registry/registry-service.ts";
import type { StatisticsService } from "../staff/statistics/statistics-service.ts";
import type { ReplyTemplateService } from "../staff/templates/reply-template-service.ts";

export type ServerServices = {
  data: Pick<
    DataLayer,
    | "appeals"
    | "searchQueries"
    | "linkChecks"
    // The mailbox's pages (issue 46): server/staff/mailbox/mailbox-service.ts.
    | "transaction"
    | "inbound"
    | "answers"
    | "deliveries"
    | "acknowledgementCounts"
    | "attachments"
    | "audit"
  >;
  appeals: AppealService;
  statusLookupGuard: StatusLookupGuard;
  review: () => Promise<AppealsReview>;
  auth: StaffAuth;
  registry: RegistryService;
  templates: ReplyTemplateService;
  statistics: StatisticsService;
  site: SitePort;
  search: SearchPort;
  /** Counts the searches of the /search page (issue 42, decision 0060). */
  searchCounter: SearchQueryCounter;
  /** «Проверить до» (issue 43). */
  siteReview: SiteReviewPort;
  /** The viewer's own account page (issue 43). */
  account: StaffAccountPort;
  /** «Архив» and storage terms (issue 45): server/staff/archive/archive-service.ts. */
  archive: ArchivePort;
};

export function createPageServices(server: ServerServices): PageServices {
  const { registry, templates, statistics, searchCounter, data } = server;
  const searchQueries: SearchQueriesPort = {
    async report() {
      await searchCounter.flush();
      const last = registry.today();
      const first = addCalendarDays(last, 1 - reportDays);
      const [top, unanswered] = await Promise.all([
        data.searchQueries.top(first, last, reportRows),
        data.searchQueries.unanswered(first, last, reportRows),
      ]);
      return { first, last, top, unanswered };
    },
  };
  const services: PageServices = {
    appealForm: (entries, client, files, refused) =>
      server.appeals.submit(
        formEntriesToInput(entries),
        { ip: client.address, userAgent: client.userAgent },
        files,
        refused,
      ),
    statusLookup: (typed, clientAddress) =>
      createStatusLookup({
        data: server.data,
        guard: server.statusLookupGuard,
        clientAddress,
      })(typed, clientAddress),
    review: server.review,
    signIn: {
      async signIn(login, password, clientAddress) {
        const result = await server.auth.signIn(login, password, clientAddress);
        return result.ok ? { ok: true, token: result.token } : result;
      },
    },
    staff: {
      today: registry.today,
      listAppeals: registry.listAppeals,
      heldMail: registry.heldMail,
      getAppeal: registry.getAppeal,
      changeAppeal: registry.changeAppeal,
      previewAnswer: registry.previewAnswer,
      replyTemplates: templates.list,
      changeReplyTemplates: templates.change,
      setTopic: registry.setTopic,
      statistics: (period) => statistics.statisticsOf(period, registry.today()),
    },
    site: server.site,
    // Each search of the /search page counted, with whether it found anything; the page passes
    // who searched (its client), so that a bot's search is not counted.
    search: (typed, searcher) => {
      const results = server.search(typed);
      searchCounter.count(typed, results.hits.length > 0, searcher?.userAgent);
      return results;
    },
    searchQueries,
    siteReview: server.siteReview,
    account: server.account,
    archive: server.archive,
    mailbox: createMailboxService({ data, limits: inboundLimits }),
    siteLinks: {
      broken: async () =>
        (await data.linkChecks.broken()).map((row) => ({ ...row, problem: row.problem ?? "" })),
      countBroken: () => data.linkChecks.countBroken(),
    },
  };
  return services;
}
