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
import { problemMessages, sendProblem } from "../problem-answer.ts";
import { requestOrigin } from "../request-guards.ts";
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

export const pageMessages = {
  tooLarge: "Обращение слишком большое. Сократите текст и отправьте его ещё раз.",
  unsupportedType:
    "Неподдерживаемый формат запроса: форма обращения отправляется как application/x-www-form-urlencoded.",
  badRequest: "Не удалось прочитать отправленную форму.",
} as const;

const formType = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/**
 * The appeal form posted without JavaScript: POST /appeals (the page's own address) goes to
 * React Router, whose route action (app/routes/appeals.tsx) reads the submitter from
 * `appealSubmitterContext` and renders the page with the result. GET pages stay prerendered.
 * No page loads React Router's client runtime, so there is no `/appeals.data` to answer.
 */
export function registerAppealPage(
  app: FastifyInstance,
  deps: { pageHandler: RequestHandler; service: AppealService },
) {
  app.register(async (page) => {
    // URL-encoded forms only, the way the page's form posts: the raw body goes to React Router,
    // which parses it itself. Multipart (no file is ever sent) and anything else is 415 here,
    // before React Router could fail on it.
    page.removeAllContentTypeParsers();
    page.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "buffer", bodyLimit: formBodyLimit },
      (_request, body, done) => done(null, body),
    );
    page.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ error: { name: error.name, code: error.code } }, "request failed");
        return sendProblem(request, reply, 500, problemMessages.failed);
      }
      const message =
        status === 413
          ? pageMessages.tooLarge
          : status === 415
            ? pageMessages.unsupportedType
            : pageMessages.badRequest;
      return sendProblem(request, reply, status, message);
    });

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!formType.test(request.headers["content-type"] ?? "")) {
        return sendProblem(request, reply, 415, pageMessages.unsupportedType);
      }
      const context = new RouterContextProvider();
      const client = { ip: request.clientAddress, userAgent: request.headers["user-agent"] };
      context.set(appealSubmitterContext, (entries) =>
        deps.service.submit(formEntriesToInput(entries), client),
      );
      const response = await deps.pageHandler(toWebRequest(request), context);
      return sendWebResponse(reply, response);
    };
    for (const url of ["/appeals"]) {
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
  // The answer may echo what the citizen typed: never kept by a cache.
  reply.header("cache-control", "no-store");
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}
