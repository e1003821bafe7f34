import Fastify, { type FastifyInstance, LogController } from "fastify";
import type { RequestHandler } from "react-router";
import { registerAppealsApi } from "./appeals/api-routes.ts";
import { createAppealService } from "./appeals/appeal-service.ts";
import { registerAppealPage } from "./appeals/page-requests.ts";
import { createMemoryRateLimiter, type RateLimiter } from "./appeals/rate-limiter.ts";
import { registerCloseConnectionsOnStop } from "./close-connections-on-stop.ts";
import {
  defaultTimeouts,
  developmentSiteUrl,
  type ServerConfig,
  type TrustProxy,
} from "./config.ts";
import { registerMailOutbox } from "./mail/register-mail-outbox.ts";
import { isApiRequest, problemMessages, sendProblem } from "./problem-answer.ts";
import { registerRequestGuards } from "./request-guards.ts";
import { pathOnly, registerRequestLog } from "./request-log.ts";
import { registerSecurityHeaders } from "./security-headers.ts";
import type { SiteFiles } from "./site-files.ts";
import { applySiteSettings, personalisePageHandler } from "./site-settings.ts";
import { outboxNotifications } from "./staff/outbox-notifications.ts";
import { registerDailyReminder } from "./staff/register-daily-reminder.ts";
import { createRegistryService } from "./staff/registry-service.ts";
import { createStaffAuth } from "./staff/staff-auth.ts";
import { registerStaffArea } from "./staff/staff-routes.ts";
import type { StaffStore } from "./staff/staff-store.ts";
import { registerStaticSite } from "./static-site.ts";
import type { AppealStore } from "./store/appeal-store.ts";

export type AppDependencies = {
  /**
   * Rate limits default to 10 a minute and 100 a day; no proxy is trusted and no localhost
   * origin allowed unless told; timeouts default to `defaultTimeouts`; the site's address
   * defaults to http://localhost:8000, the ПОС widget is off, and without `mail` the outbox waits.
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
        | "reminderTime"
      >
    >;
  store: AppealStore;
  site: SiteFiles;
  /**
   * React Router's handler over the server build (server/appeals/page-requests.ts,
   * loadPageHandler): answers the appeal form posted without JavaScript. Without it POST /appeals
   * is not served (404).
   */
  pageHandler?: RequestHandler;
  /**
   * The staff registry's store (accounts, sessions, audit, registry states): with `pageHandler`,
   * /staff is served. Without it /staff is not served.
   */
  staffStore?: StaffStore;
  /**
   * Appeals per client (server/appeals/rate-limiter.ts, openRateLimiter): shared in PostgreSQL
   * when the store is; in memory from `config.rateLimit` when not given. Closed with the app.
   */
  rateLimiter?: RateLimiter;
  /** Where log lines go (tests read them); standard output when not given. */
  logStream?: { write(line: string): void };
};

/** Builds the whole server without listening: tests start it in-process. */
export function buildApp({
  config,
  store,
  site,
  pageHandler,
  staffStore,
  rateLimiter = createMemoryRateLimiter(config.rateLimit ?? { perMinute: 10, perDay: 100 }),
  logStream,
}: AppDependencies): FastifyInstance {
  const timeouts = config.timeouts ?? defaultTimeouts;
  const app = Fastify({
    trustProxy: fastifyTrustProxy(config.trustProxy ?? false),
    // Slow or silent clients are cut (values in README.md, Configuration).
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleSocketMs,
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      // Fastify's own error lines would carry the client's address: keep method and path only.
      serializers: {
        req: (request) => ({ method: request.method, path: pathOnly(request) }),
      },
    },
    // Our own single line per request replaces Fastify's two (server/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // An appeal is a few kilobytes; nothing else takes a body.
    bodyLimit: 16 * 1024,
    return503OnClosing: true,
  });

  registerRequestLog(app);
  // Written into the built pages once here (server/site-settings.ts), not per request; the
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
  registerCloseConnectionsOnStop(app);
  registerRequestGuards(app, { allowLocalhostOrigins: config.allowLocalhostOrigins ?? false });
  if (!config.trustProxy) warnOnceAboutProxyHeaders(app);

  const mailOutbox = registerMailOutbox(app, { store, mail: config.mail });
  const appeals = createAppealService({
    store,
    onStored: () => mailOutbox.wake(),
    rateLimiter,
    log: app.log,
  });
  app.addHook("onClose", async () => rateLimiter.close());

  app.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    try {
      await store.ping();
      // Mail trouble is reported, not made an outage: appeals are still accepted and kept.
      const outbox = await store.outbox.backlog();
      return { status: "ok", mail: mailOutbox.enabled ? "on" : "off", outbox };
    } catch {
      return reply.code(503).send({ status: "unavailable" });
    }
  });

  app.register(
    async (api) => {
      api.addHook("onSend", async (_request, reply) => {
        reply.header("cache-control", "no-store");
      });
      registerAppealsApi(api, appeals);
      api.all("/*", async (request, reply) =>
        sendProblem(request, reply, 404, problemMessages.notFound),
      );
    },
    { prefix: "/api" },
  );

  if (pageHandler) {
    registerAppealPage(app, {
      pageHandler: personalisePageHandler(pageHandler, settings),
      service: appeals,
    });
  }
  if (pageHandler && staffStore) {
    const notifications = outboxNotifications(store.outbox);
    const registry = createRegistryService({ store: staffStore, notifications });
    const auth = createStaffAuth(staffStore);
    registerStaffArea(app, { pageHandler, auth, registry, store: staffStore });
  }
  if (staffStore) {
    registerDailyReminder(app, {
      store: staffStore,
      mail: config.mail,
      time: config.reminderTime === undefined ? "08:00" : config.reminderTime,
    });
  }
  registerStaticSite(app, servedSite, pagePolicies);
  // Pages answer GET and HEAD only; any other method or an unknown API address lands here.
  app.setNotFoundHandler(async (request, reply) => {
    if (isApiRequest(request)) return sendProblem(request, reply, 404, problemMessages.notFound);
    reply.header("allow", "GET, HEAD");
    return sendProblem(request, reply, 405, problemMessages.methodNotAllowed);
  });
  return app;
}

/** Fastify takes a hop count too, but its types do not say so: the same rule as a function. */
function fastifyTrustProxy(trust: TrustProxy) {
  return typeof trust === "number" ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * Requests carrying X-Forwarded-For while no proxy is trusted: either a proxy in front that
 * TRUST_PROXY does not name (every client then shares the proxy's address and limit), or a
 * client forging the header (ignored, as it should be). Said once, so the operator looks.
 */
function warnOnceAboutProxyHeaders(app: FastifyInstance) {
  let warned = false;
  app.addHook("onRequest", async (request) => {
    if (warned || request.headers["x-forwarded-for"] === undefined) return;
    warned = true;
    app.log.warn(
      "a request carries X-Forwarded-For but TRUST_PROXY trusts no proxy: behind a reverse proxy set TRUST_PROXY to its hop count or address, or every client shares the proxy's address",
    );
  });
}
