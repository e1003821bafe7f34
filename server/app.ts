import Fastify, { type FastifyInstance, LogController } from "fastify";
import { shownContacts } from "../content/contacts.ts";
import type { SiteContent } from "../domain/site-content/site-editions.ts";
import type { AppDependencies } from "./app-dependencies.ts";
import { registerApi } from "./appeals/api-routes.ts";
import { appealFastLane } from "./appeals/appeal-fast-lane.ts";
import { createAppealService } from "./appeals/appeal-service.ts";
import { createMemoryRateLimiter } from "./appeals/rate-limiter.ts";
import { cachedReview } from "./appeals/review-cache.ts";
import { createMemoryStatusLookupGuard } from "./appeals/status-lookup-guard.ts";
import {
  defaultMetricsAllow,
  defaultPurgeTime,
  defaultRateLimit,
  defaultReminderTime,
  defaultSignInAuditDays,
  defaultTimeouts,
} from "./config.ts";
import { developmentSiteUrl } from "./config-addresses.ts";
import { bodyLimits } from "./http/body-limits.ts";
import { addressOptions } from "./http/client-error-answer.ts";
import { registerCloseConnectionsOnStop } from "./http/close-connections-on-stop.ts";
import { standardOutputLog } from "./http/log-output.ts";
import { isApiRequest, problemMessages, sendProblem } from "./http/problem-answer.ts";
import { fastifyTrustProxy, warnOnceAboutProxyHeaders } from "./http/proxy-trust.ts";
import { registerRequestGuards } from "./http/request-guards.ts";
import { pathOnly, registerRequestLog } from "./http/request-log.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { registerMailboxReader } from "./mail/inbound/register-mailbox-reader.ts";
import { registerDeliverySender } from "./mail/register-delivery-sender.ts";
import { registerMetrics } from "./metrics/register-metrics.ts";
import { registerHealthz } from "./operations/healthz.ts";
import { registerScheduledBackup } from "./operations/register-scheduled-backup.ts";
import { logStoreWriteState } from "./operations/store-health.ts";
import { registerPageDoor } from "./pages/page-door.ts";
import { createPageRenderer } from "./pages/page-renderer.ts";
import { pageRoutes } from "./pages/page-routes.ts";
import { createPageServices } from "./pages/page-services.ts";
import { csrfKeySecretName } from "./pages/staff-session.ts";
import { createSearchQueryCounter } from "./search/search-query-counter.ts";
import {
  type FastLane,
  pageFastLane,
  routeMirror,
  serverWithFastLane,
} from "./site/page-fast-lane.ts";
import { applySiteSettings } from "./site/site-settings.ts";
import { registerStaticSite } from "./site/static-site.ts";
import { registerLinkCheck } from "./site-content/register-link-check.ts";
import { registerSiteContent } from "./site-content/register-site-content.ts";
import { registerSiteNoticeJobs } from "./site-content/register-site-notice-jobs.ts";
import { registerUnusedUploadsPurge } from "./site-content/register-unused-uploads-purge.ts";
import { createReviewDates } from "./site-content/review-dates.ts";
import { createStaffAccountService } from "./staff/account/staff-account-service.ts";
import { createArchiveService } from "./staff/archive/archive-service.ts";
import { createCaseFileExport } from "./staff/archive/case-file-export.ts";
import { registerSignInPurge } from "./staff/auth/register-sign-in-purge.ts";
import { createStaffAuth } from "./staff/auth/staff-auth.ts";
import { createRegistryService } from "./staff/registry/registry-service.ts";
import { registerDailyReminder } from "./staff/reminders/register-daily-reminder.ts";
import { createStatisticsService } from "./staff/statistics/statistics-service.ts";
import { createReplyTemplateService } from "./staff/templates/reply-template-service.ts";

/** Builds the whole server without listening: tests start it in-process. */
export function buildApp({
  config,
  data,
  site,
  pageHandler,
  renderPages,
  rateLimiter = createMemoryRateLimiter(config.rateLimit ?? defaultRateLimit),
  statusRateLimiter = createMemoryStatusLookupGuard(),
  logStream,
  searchCountsEveryMs,
}: AppDependencies): FastifyInstance {
  const timeouts = config.timeouts ?? defaultTimeouts;
  const purgeTime = config.purgeTime === undefined ? defaultPurgeTime : config.purgeTime;
  const app = Fastify({
    trustProxy: fastifyTrustProxy(config.trustProxy ?? false),
    // The node:http server, with the limits that cut slow or silent clients (values in
    // README.md, Configuration), offers each request to the pages' fast lane first.
    serverFactory: serverWithFastLane(timeouts, () => fastLane),
    logger: {
      level: config.logLevel,
      // Standard output, written once per turn of the loop rather than once per line.
      stream: logStream ?? standardOutputLog(),
      // Fastify's own error lines would carry the client's address: keep method and path only.
      serializers: {
        req: (request) => ({ method: request.method, path: pathOnly(request) }),
      },
    },
    // Our own single line per request replaces Fastify's two (server/http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // An appeal is a few kilobytes; the pages' forms say their own (server/http/body-limits.ts).
    bodyLimit: bodyLimits.default,
    return503OnClosing: true,
    // Fastify fails a start whose onReady hooks take over 10 s (its default). Ours hash the decoy
    // password, open the outbox and claim the day's jobs in the store: about a second on a quiet
    // machine, but over 10 s on a 2-core machine at a load of 10, where a server then died at
    // start ("onReady hook timed out") in the fault suite. A start that is merely slow must
    // finish; one stuck for two minutes still fails loudly.
    pluginTimeout: 120_000,
    ...addressOptions,
  });

  // Before any route: the lane must know every route but the site's own catch-all.
  const routes = routeMirror(app);
  let fastLane: FastLane | undefined;
  registerRequestLog(app);
  const metrics = registerMetrics(app, {
    data,
    allow: config.metricsAllow ?? defaultMetricsAllow,
    backupsScheduled: Boolean(config.backup),
  });
  // Written into the built pages once here (server/site/site-settings.ts), not per request; the
  // security headers hash the inline blocks of the pages as they are then served.
  const settings = {
    siteUrl: config.siteUrl ?? developmentSiteUrl,
    ...(config.posWidgetId ? { posWidgetId: config.posWidgetId } : {}),
  };
  const servedSite = applySiteSettings(site, settings);
  const policySettings = {
    allowLocalhostApi: config.allowLocalhostOrigins ?? false,
    posWidget: settings.posWidgetId !== undefined,
  };
  const pagePolicies = registerSecurityHeaders(app, { site: servedSite, settings: policySettings });
  const stopping = registerCloseConnectionsOnStop(app);
  registerRequestGuards(app, { allowLocalhostOrigins: config.allowLocalhostOrigins ?? false });
  if (!config.trustProxy) warnOnceAboutProxyHeaders(app);

  // The contacts every mail is signed with: those the site shows at the moment (issue 43), the
  // published edition this server shows, which a publish's notice updates on every server. The
  // publisher holding them is made below with the pages; without pages, the build's.
  let shownSiteContent = (): Partial<SiteContent> => ({});
  const mailContacts = () => shownContacts(shownSiteContent().contacts);
  const mailDoor = registerDeliverySender(app, {
    data,
    mail: config.mail,
    siteUrl: settings.siteUrl,
    contacts: mailContacts,
  });
  const appeals = createAppealService({
    data,
    onStored: () => mailDoor.wake(),
    onOutcome: metrics.appeal,
    rateLimiter,
    log: app.log,
  });
  app.addHook("onClose", async () => {
    await rateLimiter.close();
    await statusRateLimiter.close();
    await renderPages?.close?.();
  });

  logStoreWriteState(app, data);
  const healthz = registerHealthz(app, { data, mailDoor, backupScheduled: Boolean(config.backup) });
  registerMailboxReader(app, { data, config, healthz, metrics, mailDoor });

  registerApi(app, appeals);

  if (pageHandler) {
    // Every page the server renders, public and staff, through one door (server/pages/).
    const auth = createStaffAuth(data);
    app.addHook("onReady", () => auth.prepare());
    registerSignInPurge(app, {
      data,
      auditDays: config.signInAuditDays ?? defaultSignInAuditDays,
      time: purgeTime,
    });
    // A draft's uploads no edition references, deleted after 30 days (issue 43).
    registerUnusedUploadsPurge(app, { data, time: purgeTime });
    const statistics = createStatisticsService(data);
    const registry = createRegistryService({
      data,
      onDeliveryQueued: () => mailDoor.wake(),
      answerApproval: config.answerApproval ?? true,
      mailContacts,
      archiveRules: config.archive,
    });
    // Staff's editions of the public pages, published into the in-memory site (decision 0029).
    const siteContent = registerSiteContent(app, {
      data,
      approval: config.contentApproval ?? true,
      placeholders: config.reportPlaceholders ? healthz : undefined,
      health: healthz,
      heartbeatMs: config.publishHeartbeatMs,
      render: renderPages ?? createPageRenderer(pageHandler),
      settings,
      live: () => staticSite,
      pagesPerRequest: pageRoutes
        .filter((route) => route.access.kind === "public" && route.methods.includes("GET"))
        .map((route) => route.path),
      fileTextCacheDir: site.fileTextCacheDir,
    });
    shownSiteContent = () => siteContent.publisher.shownContent();
    // The texts' web links checked daily, on one server (issue 43, decision 0061).
    registerLinkCheck(app, {
      data,
      siteUrl: config.siteUrl,
      published: () => siteContent.publisher.shownContent(),
    });
    // What visitors search for, counted per day without personal data (decision 0060); what is
    // left is written when the server closes.
    const searchCounter = createSearchQueryCounter({
      store: data.searchQueries,
      log: app.log,
      flushEveryMs: searchCountsEveryMs,
    });
    app.addHook("onClose", () => searchCounter.close());
    registerPageDoor(app, {
      pageHandler,
      siteContent: () => siteContent.publisher.shownContent(),
      routes: pageRoutes,
      auth,
      csrfKey: () => data.secrets.secret(csrfKeySecretName),
      settings,
      services: createPageServices({
        data,
        appeals,
        statusLookupGuard: statusRateLimiter,
        review: cachedReview(statistics),
        auth,
        registry,
        templates: createReplyTemplateService({ data }),
        statistics,
        site: siteContent.service,
        search: siteContent.search,
        searchCounter,
        siteReview: createReviewDates({ data }),
        account: createStaffAccountService({ data }),
        archive: createArchiveService({ data, rules: config.archive }),
      }),
      staffFiles: {
        registry,
        appeals: data.appeals,
        statistics,
        // The case file and the year's cases as ZIPs (issue 45): heads only.
        caseFiles: createCaseFileExport({
          data,
          registry,
          siteUrl: settings.siteUrl,
          contacts: mailContacts,
          mailFrom: config.mail?.from,
        }),
      },
    });
  }
  registerDailyReminder(app, {
    data,
    mailDoor,
    time: config.reminderTime === undefined ? defaultReminderTime : config.reminderTime,
  });
  // The site's digest to heads and monthly «Проверить до» list to editors (issue 43).
  registerSiteNoticeJobs(app, {
    data,
    mailDoor,
    time: config.reminderTime === undefined ? defaultReminderTime : config.reminderTime,
  });
  registerScheduledBackup(app, { data, schedule: config.backup ?? null });
  const staticSite = registerStaticSite(app, {
    site: servedSite,
    policies: pagePolicies,
    stopping,
  });
  app.addHook("onReady", (done) => {
    // Any path another route answers stays with Fastify (none today: a guard for later routes).
    const taken = new Set(
      [...servedSite.byPath.keys()].filter(
        (path) => routes.routeOf(path) !== staticSite.catchAllRoute,
      ),
    );
    const pageLane = pageFastLane({
      sendWholeFile: (path, request, response) =>
        !taken.has(path) && staticSite.sendWholeFile(path, request, response),
      stopping,
      proxyTrusted: Boolean(config.trustProxy),
      log: app.log,
      countRequest: metrics.request,
      siteRoute: staticSite.catchAllRoute,
    });
    const appealLane = appealFastLane({
      service: appeals,
      everyAnswer: pagePolicies.everyAnswer,
      stopping,
      proxyTrusted: Boolean(config.trustProxy),
      allowLocalhostOrigins: config.allowLocalhostOrigins ?? false,
      log: app.log,
      countRequest: metrics.request,
    });
    fastLane = (request, response) => pageLane(request, response) || appealLane(request, response);
    done();
  });
  // Pages answer GET and HEAD only; any other method or an unknown API address lands here.
  app.setNotFoundHandler(async (request, reply) => {
    if (isApiRequest(request)) return sendProblem(request, reply, 404, problemMessages.notFound);
    reply.header("allow", "GET, HEAD");
    return sendProblem(request, reply, 405, problemMessages.methodNotAllowed);
  });
  return app;
}
