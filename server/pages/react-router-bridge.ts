/**
 * Fastify ↔ React Router: the server build's request handler, a Fastify request as a web
 * `Request`, and a web `Response` sent back through Fastify. Used by every page the server renders
 * on request: the appeal form posted without JavaScript and the staff area.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type RequestHandler, type ServerBuild } from "react-router";
import { requestOrigin } from "./request-guards.ts";

/** React Router's request handler over the server build `react-router build` wrote. */
export async function loadPageHandler(serverBuildPath: string): Promise<RequestHandler> {
  if (!existsSync(serverBuildPath)) {
    throw new Error(`${serverBuildPath} is missing: run npm run build (SERVER_BUILD names it)`);
  }
  const build = (await import(pathToFileURL(resolve(serverBuildPath)).href)) as ServerBuild;
  return createRequestHandler(build, "production");
}

export function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const body = request.body instanceof Buffer ? new Uint8Array(request.body) : undefined;
  // Protocol and host as Fastify sees them (X-Forwarded-* only with TRUST_PROXY), checked by the
  // request guards: React Router compares this origin with the browser's Origin header too.
  const url = new URL(request.url, requestOrigin(request));
  return new Request(url, { method: request.method, headers, body });
}

export async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    // Fastify frames the body itself; cookies are copied one by one below.
    if (name === "set-cookie" || name === "content-length" || name === "transfer-encoding")
      continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  // A rendered page may echo what a citizen typed or show the registry: never kept by a cache.
  reply.header("cache-control", "no-store");
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}
