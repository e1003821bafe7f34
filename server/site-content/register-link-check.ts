import type { FastifyInstance } from "fastify";
import { siteContentDefaults } from "../../content/site-content-defaults.ts";
import type { SiteContent } from "../../domain/site-content/site-editions.ts";
import type { DataLayer } from "../db/data-layer.ts";
import { isLoopback } from "../http/request-guards.ts";
import { registerDailyJob } from "../scheduled-jobs/register-daily-job.ts";
import { createLinkCheckJob } from "./link-check-job.ts";

/**
 * The daily check of the texts' web links (issue 43, decision 0061), on one server a day. Only a
 * site with a public address checks: every request names it (SITE_URL), and a server on
 * localhost (development, the tests) asks nothing of the internet.
 */
export function registerLinkCheck(
  app: FastifyInstance,
  deps: {
    data: DataLayer;
    siteUrl: string | undefined;
    /** The published content this server shows (the publisher's). */
    published: () => Partial<SiteContent>;
  },
) {
  if (deps.siteUrl === undefined || isLoopback(new URL(deps.siteUrl).hostname)) return;
  registerDailyJob(
    app,
    createLinkCheckJob({
      data: deps.data,
      log: app.log,
      siteUrl: deps.siteUrl,
      content: () => ({ ...siteContentDefaults, ...deps.published() }),
    }),
  );
}
