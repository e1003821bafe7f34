import type { IncomingHttpHeaders } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isApiRequest, problemMessages, sendProblem } from "./problem-answer.ts";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The client's address, read when the request arrives: a socket closed by the time a
     * handler runs has no address any more, and the appeal still needs its consent record.
     */
    clientAddress: string;
  }
}

const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The checks every request passes before any route reads it, in one place for the API, the
 * no-JS form and any later state-changing route:
 * - a usable Host (the request's own origin is built from it);
 * - a state-changing request from another site is refused with 403 (Origin, Sec-Fetch-Site):
 *   another site's page must not file an appeal through a visitor's browser;
 * - in development only, a page on another localhost port may call the API on a loopback
 *   address, and gets the CORS answer its browser needs (spec: the page posts to localhost:8000).
 */
export function registerRequestGuards(
  app: FastifyInstance,
  options: { allowLocalhostOrigins: boolean },
) {
  app.decorateRequest("clientAddress", "");
  // A callback hook: it runs on every request, and an async one costs a promise each time. An
  // answer sent here ends the request (`done` is not called then).
  app.addHook("onRequest", (request, reply, done) => {
    request.clientAddress = request.ip ?? "";
    const ownOrigin = requestOrigin(request);
    if (ownOrigin === undefined) {
      sendProblem(request, reply, 400, problemMessages.badHost);
      return;
    }

    const origin = request.headers.origin;
    if (
      options.allowLocalhostOrigins &&
      isApiRequest(request) &&
      isLocalhostOrigin(origin) &&
      isLoopback(new URL(ownOrigin).hostname)
    ) {
      reply.header("access-control-allow-origin", origin).header("vary", "origin");
      if (request.method === "OPTIONS") {
        reply
          .code(204)
          .header("access-control-allow-methods", "POST")
          .header("access-control-allow-headers", "content-type, accept")
          .header("access-control-max-age", "600")
          .send();
        return;
      }
      done();
      return;
    }
    if (stateChanging.has(request.method) && !isSameOrigin(request.headers, ownOrigin)) {
      sendProblem(request, reply, 403, problemMessages.crossOrigin);
      return;
    }
    done();
  });
}

/**
 * What a plugin that reads `request.clientAddress` declares at its start: the guards must be
 * registered before it (server/app.ts), or Fastify does not start, naming who needed them.
 */
export function requireRequestGuards(scope: FastifyInstance, who: string) {
  if (!scope.hasRequestDecorator("clientAddress")) {
    throw new Error(
      `${who} needs the request guards (server/http/request-guards.ts) registered first`,
    );
  }
}

/**
 * "http://host:port" of the request as the server sees it (X-Forwarded-* only from trusted
 * proxies), or undefined when the Host is missing or not a host.
 */
export function requestOrigin(request: FastifyRequest): string | undefined {
  const host = request.host;
  if (typeof host !== "string") return undefined;
  return cachedOrigin(request.protocol, host) ?? undefined;
}

/**
 * Whether the request guard would take this Host (or X-Forwarded-Host) value: the same rule and
 * table as `requestOrigin`, for the pages answered before Fastify (server/site/page-fast-lane.ts).
 */
export function usableHost(host: string | string[] | undefined): boolean {
  return typeof host === "string" && cachedOrigin("http", host) !== null;
}

/**
 * Whether the guard would let a state-changing request with these headers through, over plain
 * HTTP with no proxy in front (the appeal POST's fast lane, server/appeals/appeal-fast-lane.ts).
 */
export function directRequestIsSameOrigin(headers: IncomingHttpHeaders): boolean {
  const host = headers.host;
  if (typeof host !== "string") return false;
  const ownOrigin = cachedOrigin("http", host);
  return ownOrigin !== null && isSameOrigin(headers, ownOrigin);
}

function cachedOrigin(protocol: string, host: string): string | null {
  const key = `${protocol}://${host}`;
  let origin = knownOrigins.get(key);
  if (origin === undefined) {
    origin = originOf(key, host);
    // Clients name a handful of hosts; one naming endless new ones only empties the table.
    if (knownOrigins.size >= 256) knownOrigins.clear();
    knownOrigins.set(key, origin);
  }
  return origin;
}

/** "protocol://host" -> its origin, or null: worked out once per Host (URL parsing costs). */
const knownOrigins = new Map<string, string | null>();

function originOf(protocolAndHost: string, host: string): string | null {
  if (!hostPattern.test(host)) return null;
  try {
    return new URL(protocolAndHost).origin;
  } catch {
    return null;
  }
}

// A name or IPv4 address with an optional port, or a bracketed IPv6 address.
const hostPattern = /^(?:[a-z0-9](?:[a-z0-9_.-]{0,251}[a-z0-9_])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Browsers send Sec-Fetch-Site on every request and Origin on every POST: either one naming
 * another site refuses it. A request with neither comes from a program, not a browser, and
 * cannot carry a visitor's credentials or address against their will.
 */
function isSameOrigin(headers: IncomingHttpHeaders, ownOrigin: string): boolean {
  const site = headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") return false;
  const origin = headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).origin === ownOrigin;
  } catch {
    // "null" (a sandboxed frame, a privacy-sensitive redirect) and garbage alike.
    return false;
  }
}

function isLocalhostOrigin(origin: string | undefined): origin is string {
  if (origin === undefined) return false;
  try {
    const url = new URL(origin);
    return url.hostname === "localhost" && url.origin === origin;
  } catch {
    return false;
  }
}

/** Whether a URL's hostname is this machine: the one rule for the CORS gate, cookies, config. */
export function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}
