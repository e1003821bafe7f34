import Fastify, { type FastifyInstance, LogController } from "fastify";
import type { RequestHandler } from "react-router";
import { registerAppealsApi } from "./appeals/api-routes.ts";
import { createAppealService } from "./appeals/appeal-service.ts";
import { registerAppealPage } from "./appeals/page-requests.ts";
import { createRateLimiter } from "./appeals/rate-limiter.ts";
import { registerCloseConnectionsOnStop } from "./close-connections-on-stop.ts";
import type { ServerConfig, TrustProxy } from "./config.ts";
import { registerMailOutbox } from "./mail/register-mail-outbox.ts";
import { pathOnly, registerRequestLog } from "./request-log.ts";
import { registerSecurityHeaders } from "./security-headers.ts";
import type { SiteFiles } from "./site-files.ts";
import { outboxNotifications } from "./staff/outbox-notifications.ts";
import { registerDailyReminder } from "./staff/register-daily-reminder.ts";
import { createRegistryService } from "./staff/registry-service.ts";
import { createStaffAuth } from "./staff/staff-auth.ts";
import { registerStaffArea } from "./staff/staff-routes.ts";
import type { StaffStore } from "./staff/staff-store.ts";
import { registerStaticSite } from "./static-site.ts";
import type { AppealStore } from "./store/appeal-store.ts";

export type AppDependencies = {
  /** Rate limits default to 10 a minute and 100 a day; no proxy is trusted unless told. */
  config: Pick<ServerConfig, "logLevel"> &
    Partial<Pick<ServerConfig, "rateLimit" | "trustProxy" | "mail" | "reminderTime">>;
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
  logStream,
}: AppDependencies): FastifyInstance {
  const app = Fastify({
    trustProxy: fastifyTrustProxy(config.trustProxy ?? false),
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
  registerSecurityHeaders(app);
  registerCloseConnectionsOnStop(app);

  const mailOutbox = registerMailOutbox(app, { store, mail: config.mail });
  const appeals = createAppealService({
    store,
    onStored: () => mailOutbox.wake(),
    rateLimiter: createRateLimiter(config.rateLimit ?? { perMinute: 10, perDay: 100 }),
    log: app.log,
  });

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
      api.all("/*", async (_request, reply) => reply.code(404).send({ error: "Не найдено" }));
    },
    { prefix: "/api" },
  );

  if (pageHandler) registerAppealPage(app, { pageHandler, service: appeals });
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
  registerStaticSite(app, site);
  return app;
}

/** Fastify takes a hop count too, but its types do not say so: the same rule as a function. */
function fastifyTrustProxy(trust: TrustProxy) {
  return typeof trust === "number" ? (_address: string, hop: number) => hop < trust : trust;
}
