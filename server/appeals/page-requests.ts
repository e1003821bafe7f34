import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  createRequestHandler,
  type RequestHandler,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { appealSubmitterContext } from "../../domain/appeals/appeal-submitter.ts";
import { formEntriesToInput } from "../../domain/appeals/form-input.ts";
import type { AppealService } from "./appeal-service.ts";

/** React Router's request handler over the server build `react-router build` wrote. */
export async function loadPageHandler(serverBuildPath: string): Promise<RequestHandler> {
  if (!existsSync(serverBuildPath)) {
    throw new Error(`${serverBuildPath} is missing: run npm run build (SERVER_BUILD names it)`);
  }
  const build = (await import(pathToFileURL(resolve(serverBuildPath)).href)) as ServerBuild;
  return createRequestHandler(build, "production");
}

// Percent-encoding triples Cyrillic: a 5000-character comment alone is about 30 KB as a form.
const formBodyLimit = 64 * 1024;

const pageMessages = {
  tooLarge: "Обращение слишком большое. Сократите текст и отправьте его ещё раз.",
  unsupportedType: "Неподдерживаемый формат запроса.",
  badRequest: "Не удалось прочитать отправленную форму.",
} as const;

/**
 * The appeal form posted without JavaScript: POST /appeals (the page's own address) goes to
 * React Router, whose route action (app/routes/appeals.tsx) reads the submitter from
 * `appealSubmitterContext` and renders the page with the result. GET pages stay prerendered.
 * POST /appeals.data (a hydrated React Router <Form>) takes the same way.
 */
export function registerAppealPage(
  app: FastifyInstance,
  deps: { pageHandler: RequestHandler; service: AppealService },
) {
  app.register(async (page) => {
    // Forms only: the raw body goes to React Router, which parses it itself.
    page.removeAllContentTypeParsers();
    page.addContentTypeParser(
      ["application/x-www-form-urlencoded", "multipart/form-data"],
      { parseAs: "buffer", bodyLimit: formBodyLimit },
      (_request, body, done) => done(null, body),
    );
    page.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) request.log.error({ error: { name: error.name, code: error.code } });
      const message =
        status === 413
          ? pageMessages.tooLarge
          : status === 415
            ? pageMessages.unsupportedType
            : pageMessages.badRequest;
      return reply
        .code(status >= 400 && status < 500 ? status : 500)
        .header("cache-control", "no-store")
        .type("text/plain; charset=utf-8")
        .send(message);
    });

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const context = new RouterContextProvider();
      const client = { ip: request.ip, userAgent: request.headers["user-agent"] };
      context.set(appealSubmitterContext, (entries) =>
        deps.service.submit(formEntriesToInput(entries), client),
      );
      const response = await deps.pageHandler(toWebRequest(request), context);
      return sendWebResponse(reply, response);
    };
    for (const url of ["/appeals", "/appeals.data"]) {
      page.post(url, { bodyLimit: formBodyLimit }, handler);
    }
  });
}

export function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const body = request.body instanceof Buffer ? new Uint8Array(request.body) : undefined;
  // Protocol and host as Fastify sees them (X-Forwarded-* only with TRUST_PROXY): React Router
  // compares this origin with the browser's Origin header before it runs an action (CSRF).
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
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
  // The answer may echo what the citizen typed: never kept by a cache.
  reply.header("cache-control", "no-store");
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}
