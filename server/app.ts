import Fastify, { type FastifyInstance, LogController } from "fastify";
import type { ServerConfig } from "./config.ts";
import { pathOnly, registerRequestLog } from "./request-log.ts";
import { registerSecurityHeaders } from "./security-headers.ts";
import type { SiteFiles } from "./site-files.ts";
import { registerStaticSite } from "./static-site.ts";
import type { AppealStore } from "./store/appeal-store.ts";

export type AppDependencies = {
  config: Pick<ServerConfig, "logLevel">;
  store: AppealStore;
  site: SiteFiles;
};

/** Builds the whole server without listening: tests start it in-process. */
export function buildApp({ config, store, site }: AppDependencies): FastifyInstance {
  const app = Fastify({
    logger: {
      level: config.logLevel,
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

  app.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    try {
      await store.ping();
      return { status: "ok" };
    } catch {
      return reply.code(503).send({ status: "unavailable" });
    }
  });

  app.register(
    async (api) => {
      api.addHook("onSend", async (_request, reply) => {
        reply.header("cache-control", "no-store");
      });
      api.all("/*", async (_request, reply) => reply.code(404).send({ error: "Не найдено" }));
    },
    { prefix: "/api" },
  );

  registerStaticSite(app, site);
  return app;
}
