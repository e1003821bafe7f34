/**
 * The proxies in front (TRUST_PROXY): the rule as Fastify takes it, and a warning when a request
 * says it came through a proxy while none is trusted.
 */
import type { FastifyInstance } from "fastify";
import type { TrustProxy } from "../config.ts";

/** Fastify takes a hop count too, but its types do not say so: the same rule as a function. */
export function fastifyTrustProxy(trust: TrustProxy) {
  return typeof trust === "number" ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * Requests carrying X-Forwarded-For while no proxy is trusted: either a proxy in front that
 * TRUST_PROXY does not name (every client then shares the proxy's address and limit), or a
 * client forging the header (ignored, as it should be). Said once, so the operator looks.
 */
export function warnOnceAboutProxyHeaders(app: FastifyInstance) {
  let warned = false;
  app.addHook("onRequest", (request, _reply, done) => {
    done();
    if (warned || request.headers["x-forwarded-for"] === undefined) return;
    warned = true;
    app.log.warn(
      "a request carries X-Forwarded-For but TRUST_PROXY trusts no proxy: behind a reverse proxy set TRUST_PROXY to its hop count or address, or every client shares the proxy's address",
    );
  });
}
