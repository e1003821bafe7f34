/**
 * Fastify ↔ React Router: the server build's request handler, a Fastify request as a web
 * `Request`, and a web `Response` sent back through Fastify. Used by the pages' door (page-door.ts)
 * for every page the server renders on request.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  createRequestHandler,
  type HandleErrorFunction,
  type RequestHandler,
  type ServerBuild,
} from "react-router";
import { requestOrigin } from "../http/request-guards.ts";

/** What a page's loader or action threw, by the context it was given (the door logs it). */
const failures = new WeakMap<object, unknown>();

export function pageFailure(context: object): unknown {
  return failures.get(context);
}

/**
 * React Router's request handler over the server build `react-router build` wrote. An error a
 * loader or action throws is kept for the door (which logs its name and code and answers 503),
 * never printed whole: React Router's own handler prints it with its detail, and a database
 * error's detail may quote a row (personal data).
 */
export async function loadPageHandler(serverBuildPath: string): Promise<RequestHandler> {
  if (!existsSync(serverBuildPath)) {
    throw new Error(`${serverBuildPath} is missing: run npm run build (SERVER_BUILD names it)`);
  }
  const build = (await import(pathToFileURL(resolve(serverBuildPath)).href)) as ServerBuild;
  const handleError: HandleErrorFunction = (error, { context }) => {
    if (context) failures.set(context, error);
  };
  const render = build.entry.module.default;
  /**
   * A page whose loader or action threw is not rendered: the door answers its own page for it
   * (page-answers.ts), and the root's default error boundary, which rendering it would reach,
   * prints the error raw to standard error, a line that is not the log's JSON (issue 40).
   */
  const handleRequest: typeof render = (request, status, headers, router, context) =>
    context && failures.has(context)
      ? new Response(null, { status, headers })
      : render(request, status, headers, router, context);
  const entry = {
    ...build.entry,
    module: { ...build.entry.module, default: handleRequest, handleError },
  };
  return createRequestHandler({ ...build, entry }, "production");
}

/**
 * The request as React Router sees it: method, address and headers as received. Its body is not
 * handed on: the door has read it (the form's fields and files are in the page's context).
 */
export function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // Protocol and host as Fastify sees them (X-Forwarded-* only with TRUST_PROXY), checked by the
  // request guards: React Router compares this origin with the browser's Origin header too.
  const url = new URL(request.url, requestOrigin(request));
  return new Request(url, { method: request.method, headers });
}

export async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    // Fastify frames the body itself; cookies are copied one by one below.
    if (name === "set-cookie" || name === "content-length" || name === "transfer-encoding")
      continue;
    reply.header(name, value);
  }
  // React Router answers "text/html"; every page says its charset in the header too.
  if (response.headers.get("content-type") === "text/html") {
    reply.header("content-type", "text/html; charset=utf-8");
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  // A rendered page may echo what a citizen typed or show the registry: never kept by a cache.
  reply.header("cache-control", "no-store");
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}
