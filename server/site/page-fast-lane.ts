import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { FastifyBaseLogger, FastifyInstance, HTTPMethods } from "fastify";
import FindMyWay from "find-my-way";
import type { ServerTimeouts } from "../config.ts";
import { usableHost } from "../http/request-guards.ts";
import { logRequest } from "../http/request-log.ts";

/**
 * Answers a request itself and says so (true), or leaves it to Fastify (false), having written
 * nothing.
 */
export type FastLane = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * The node:http server Fastify runs on (its `serverFactory`), with Fastify's own limits, that
 * offers each request to the fast lane first. The lane is known only once the site's files are
 * prepared and every route is registered: until then (and whenever it declines) Fastify answers.
 */
export function serverWithFastLane(
  timeouts: ServerTimeouts,
  lane: () => FastLane | undefined,
): (fastify: (request: IncomingMessage, response: ServerResponse) => void) => Server {
  return (fastify) => {
    const server = createServer(
      {
        headersTimeout: timeouts.headersMs,
        connectionsCheckingInterval: timeouts.checkIntervalMs,
      },
      (request, response) => {
        if (!lane()?.(request, response)) fastify(request, response);
      },
    );
    // What Fastify sets on the server it makes itself (node_modules/fastify/lib/server.js).
    server.keepAliveTimeout = timeouts.keepAliveMs;
    server.requestTimeout = timeouts.requestMs;
    server.setTimeout(timeouts.idleSocketMs);
    return server;
  };
}

/**
 * The site's files, sent whole, are most of what the server answers: this lane sends them past
 * Fastify, as a bare node:http server would (decision 0016: Fastify's request and reply objects,
 * its child logger and its hooks were most of the difference). It takes only a request every hook
 * would have let through unchanged, and does what they would have done:
 * - the security headers are in the prepared header list (`PagePolicies.everyAnswer`);
 * - the request guards: a usable Host (and X-Forwarded-Host and -Proto, whichever Fastify
 *   would read); nothing else applies to a GET;
 * - the proxy warning: a request with X-Forwarded-For while no proxy is trusted goes to Fastify;
 * - while the server stops, every request goes to Fastify (its answers close the connection);
 * - the log line and the metrics, when the answer has gone, as the onResponse hooks write them.
 * A path that any route other than the site's own catch-all would answer is never taken.
 */
export function pageFastLane(deps: {
  /** Writes the whole file for this path when the request asks for it plainly; else false. */
  sendWholeFile: (path: string, request: IncomingMessage, response: ServerResponse) => boolean;
  stopping: () => boolean;
  proxyTrusted: boolean;
  log: FastifyBaseLogger;
  countRequest: (method: string, route: string, status: number, seconds: number) => void;
  /** The route label the site's own catch-all carries in the metrics. */
  siteRoute: string;
}): FastLane {
  return (request, response) => {
    const method = request.method;
    if (method !== "GET" && method !== "HEAD") return false;
    if (deps.stopping()) return false;
    const headers = request.headers;
    if (!usableHost(headers.host)) return false;
    if (headers["x-forwarded-host"] !== undefined || headers["x-forwarded-proto"] !== undefined) {
      if (!deps.proxyTrusted) return false;
      if (!usableHost(headers["x-forwarded-host"] ?? headers.host)) return false;
      const proto = headers["x-forwarded-proto"];
      if (proto !== undefined && proto !== "http" && proto !== "https") return false;
    }
    if (headers["x-forwarded-for"] !== undefined && !deps.proxyTrusted) return false;
    const url = request.url ?? "/";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    const started = performance.now();
    if (!deps.sendWholeFile(path, request, response)) return false;
    response.once("finish", () => {
      const ms = performance.now() - started;
      logRequest(deps.log, method, path, response.statusCode, ms);
      deps.countRequest(method, deps.siteRoute, response.statusCode, ms / 1000);
    });
    return true;
  };
}

/**
 * Every GET route's pattern as it is registered (Fastify's onRoute hook, added before any route),
 * so that the lane can be kept off the paths some other route answers.
 */
export function routeMirror(app: FastifyInstance) {
  const router = FindMyWay();
  app.addHook("onRoute", (route) => {
    const methods = ([] as HTTPMethods[]).concat(route.method);
    if (!methods.includes("GET") || router.hasRoute("GET", route.url)) return;
    router.on("GET", route.url, () => {}, { pattern: route.url });
  });
  return {
    /** The pattern of the route Fastify would pick for a GET of this path, if any. */
    routeOf(path: string): string | undefined {
      return (router.find("GET", path)?.store as { pattern: string } | undefined)?.pattern;
    },
  };
}
