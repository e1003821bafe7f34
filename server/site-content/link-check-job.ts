/**
 * The daily check of the web links in the site's published texts (issue 43, decision 0061): on one
 * server a day (server/scheduled-jobs/daily-job.ts), the addresses the texts hold now, those never
 * checked or checked longest ago first, at most `maxPerRun` of them, asked politely
 * (external-link-check.ts); the answers kept with the places that link to each address for the
 * «Ссылки» report (/staff/site/links). Addresses no text holds any more are forgotten.
 */
import type { FastifyBaseLogger } from "fastify";
import type { SiteContent } from "../../domain/site-content/site-editions.ts";
import { isWebLink, siteLinks } from "../../domain/site-content/site-links.ts";
import type { DataLayer } from "../db/data-layer.ts";
import type { LinkPlace } from "../db/link-checks-repository.ts";
import { createDailyJob } from "../scheduled-jobs/daily-job.ts";
import {
  checkExternalLinks,
  type ExternalCheckOptions,
  externalCheckDefaults,
  linkCheckUserAgent,
} from "./external-link-check.ts";
import { sectionTitleOf } from "./link-fields.ts";

/** When the check runs, Kirov time: at night, when the sites it asks are quiet too. */
const linkCheckTime = "04:30";

/** The web addresses of the texts with the places linking to each, in the texts' order. */
function webLinksOf(content: SiteContent): { href: string; places: LinkPlace[] }[] {
  const byHref = new Map<string, LinkPlace[]>();
  for (const link of siteLinks(content, sectionTitleOf)) {
    if (!isWebLink(link.href)) continue;
    const places = byHref.get(link.href) ?? [];
    places.push({ page: link.page, field: link.field, fieldLabel: link.fieldLabel });
    byHref.set(link.href, places);
  }
  return [...byHref].map(([href, places]) => ({ href, places }));
}

/** One run: what it found, asked and kept. */
export async function runLinkCheck(deps: {
  data: Pick<DataLayer, "linkChecks">;
  content: SiteContent;
  siteUrl: string;
  at: Date;
  maxPerRun?: number;
  check?: Partial<ExternalCheckOptions>;
}) {
  const links = webLinksOf(deps.content);
  const checkedAt = new Map(
    (await deps.data.linkChecks.list()).map((row) => [row.href, row.checkedAt ?? ""]),
  );
  // Never checked first (""), then the longest unchecked; at most the run's share.
  const due = links
    .map((link) => link.href)
    .sort((a, b) => (checkedAt.get(a) ?? "").localeCompare(checkedAt.get(b) ?? ""))
    .slice(0, deps.maxPerRun ?? externalCheckDefaults.maxPerRun);
  const results = await checkExternalLinks(due, {
    userAgent: linkCheckUserAgent(deps.siteUrl),
    timeoutMs: externalCheckDefaults.timeoutMs,
    perHostIntervalMs: externalCheckDefaults.perHostIntervalMs,
    now: () => performance.now(),
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    ...deps.check,
  });
  await deps.data.linkChecks.record({ links, results, at: deps.at });
  return {
    links: links.length,
    checked: results.length,
    broken: results.filter((result) => result.problem !== null).length,
  };
}

export function createLinkCheckJob(deps: {
  data: Pick<DataLayer, "jobRuns" | "linkChecks">;
  log: FastifyBaseLogger;
  /** The site's public address: named in every request's `User-Agent`. */
  siteUrl: string;
  /** The content every page shows now: the published editions, else the build's. */
  content: () => SiteContent;
  time?: string;
  now?: () => Date;
}) {
  return createDailyJob({
    name: "link-check",
    time: deps.time ?? linkCheckTime,
    data: deps.data,
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
    run: ({ at }) =>
      runLinkCheck({ data: deps.data, content: deps.content(), siteUrl: deps.siteUrl, at }),
  });
}
