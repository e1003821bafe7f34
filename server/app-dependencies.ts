/**
 * What the server is built from (server/app.ts' buildApp): its configuration, its store, its
 * site, and the parts that main.ts gives it and tests give otherwise.
 */
import type { RequestHandler } from "react-router";
import type { RateLimiter } from "./appeals/rate-limiter.ts";
import type { StatusLookupGuard } from "./appeals/status-lookup-guard.ts";
import type { ServerConfig } from "./config.ts";
import type { DataLayer } from "./db/data-layer.ts";
import type { SiteFiles } from "./site/site-files.ts";
import type { PageRenderer } from "./site-content/page-files.ts";

export type AppDependencies = {
  /**
   * Rate limits default to 10 a minute and 100 a day; no proxy is trusted and no localhost
   * origin allowed unless told; timeouts default to `defaultTimeouts`; the site's address
   * defaults to http://localhost:8000, the ПОС widget is off, and without `mail` the outbox waits;
   * scheduled backups are off and /metrics answers loopback addresses only.
   */
  config: Pick<ServerConfig, "logLevel"> &
    Partial<
      Pick<
        ServerConfig,
        | "rateLimit"
        | "trustProxy"
        | "allowLocalhostOrigins"
        | "timeouts"
        | "siteUrl"
        | "posWidgetId"
        | "mail"
        | "imap"
        | "reminderTime"
        | "backup"
        | "metricsAllow"
        | "signInAuditDays"
        | "purgeTime"
        | "answerApproval"
        | "contentApproval"
        | "reportPlaceholders"
        | "publishHeartbeatMs"
        | "archive"
      >
    >;
  /** The migrated database and its repositories (server/db/data-layer.ts). */
  data: DataLayer;
  site: SiteFiles;
  /**
   * React Router's handler over the server build (server/pages/react-router-bridge.ts,
   * loadPageHandler): answers the appeal form posted without JavaScript and renders the staff
   * registry at /staff. Without it neither is served (404).
   */
  pageHandler?: RequestHandler;
  /**
   * Renders public pages for a publish or a preview: on a worker thread in production
   * (server/pages/worker-page-renderer.ts, issue 40; closed with the app); with `pageHandler` on
   * this thread when not given.
   */
  renderPages?: PageRenderer & { close?: () => Promise<void> };
  /**
   * Appeals per client (server/appeals/rate-limiter.ts, openRateLimiter): shared in PostgreSQL
   * when the store is; in memory from `config.rateLimit` when not given. Closed with the app.
   */
  rateLimiter?: RateLimiter;
  /**
   * Status-page lookups per client, and failed ones per e-mail and in all
   * (server/appeals/status-lookup-guard.ts): in memory when not given. Closed with the app.
   */
  statusRateLimiter?: StatusLookupGuard;
  /** Where log lines go (tests read them); standard output (server/http/log-output.ts) when not given. */
  logStream?: { write(line: string): void };
  /**
   * How often the counted searches go to the store (server/search/search-query-counter.ts):
   * every 5 s when not given; also when the server closes and before staff read them.
   */
  searchCountsEveryMs?: number;
};
