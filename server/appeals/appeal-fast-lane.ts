import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import { parse as secureJsonParse } from "secure-json-parse";
import { formErrorKey } from "../../domain/appeals/appeal-fields.ts";
import { bodyLimits } from "../http/body-limits.ts";
import { directRequestIsSameOrigin, usableHost } from "../http/request-guards.ts";
import { logRequest } from "../http/request-log.ts";
import type { FastLane } from "../site/page-fast-lane.ts";
import { apiMessages, appealApiPaths } from "./api-routes.ts";
import type { AppealService } from "./appeal-service.ts";

/** The appeal's two addresses, as Fastify's router labels them in the metrics. */
const appealPaths = new Set(appealApiPaths);

// Exactly what the API's own check and Fastify's JSON parser both take, and nothing near it.
const jsonType = /^application\/json(?:\s*;\s*charset=utf-8)?$/i;

/** What Fastify's JSON parser does for the API (`getDefaultJsonParser("error", "error")`). */
const parseOptions = { protoAction: "error", constructorAction: "error" } as const;

/**
 * The appeal POST past Fastify, as decision 0021 took the pages past it (decision 0026: Fastify's
 * request and reply objects, router, hooks and parser were a tenth of the POST's CPU). It takes
 * only a request that every hook would have let through unchanged and the API's parser would
 * read, and does what they would have done:
 * - the request guards: a usable Host, a same-origin request (Origin, Sec-Fetch-Site); a request
 *   another site sent goes to Fastify, and so does any request with an Origin while localhost
 *   origins are allowed (development: it may be owed the CORS answer);
 * - proxies: a request with any X-Forwarded-* header, and every request while a proxy is trusted
 *   (the client's address is then Fastify's to work out), goes to Fastify;
 * - the body limit and the type: `application/json` (charset UTF-8 at most) with a
 *   Content-Length of 1 to 16 KB and no Transfer-Encoding or Expect, or Fastify answers;
 * - the body is read as Fastify's JSON parser reads it (its library, secure-json-parse, with
 *   prototype poisoning refused); one it cannot read gets Fastify's answer: 400, the API's Russian message, and the connection closed;
 * - the security headers (`everyAnswer`), `Cache-Control: no-store` (the API's), and
 *   `Connection: close` once the server is stopping; while it stops no new request is taken;
 * - the log line and the metrics once the answer has gone, as the onResponse hooks write them.
 * The answers are the API route's (server/appeals/api-routes.ts); the lane's test compares them
 * with Fastify's, header for header.
 */
export function appealFastLane(deps: {
  service: AppealService;
  everyAnswer: Readonly<Record<string, string>>;
  stopping: () => boolean;
  proxyTrusted: boolean;
  allowLocalhostOrigins: boolean;
  log: FastifyBaseLogger;
  countRequest: (method: string, route: string, status: number, seconds: number) => void;
}): FastLane {
  if (deps.proxyTrusted) return () => false;
  const answer = (
    response: ServerResponse,
    status: number,
    body: unknown,
    extra?: Record<string, string>,
  ) => {
    const text = JSON.stringify(body);
    response.writeHead(status, {
      ...deps.everyAnswer,
      "content-type": "application/json; charset=utf-8",
      ...extra,
      "cache-control": "no-store",
      ...(deps.stopping() ? { connection: "close" } : {}),
      "content-length": String(Buffer.byteLength(text)),
    });
    response.end(text);
  };
  const formError = (message: string) => ({ errors: { [formErrorKey]: message } });

  return (request, response) => {
    if (request.method !== "POST") return false;
    const path = request.url ?? "";
    if (!appealPaths.has(path) || deps.stopping()) return false;
    const headers = request.headers;
    if (!takesPlainly(headers)) return false;
    // Where a page on a localhost port may call the API, a request with an Origin may be owed
    // the CORS answer: Fastify's guard gives it.
    if (deps.allowLocalhostOrigins && headers.origin !== undefined) return false;
    if (!directRequestIsSameOrigin(headers)) return false;

    const started = performance.now();
    response.once("finish", () => {
      const ms = performance.now() - started;
      logRequest(deps.log, "POST", path, response.statusCode, ms);
      deps.countRequest("POST", path, response.statusCode, ms / 1000);
    });
    const client = { ip: request.socket.remoteAddress ?? "", userAgent: headers["user-agent"] };
    readBody(request, (text) => {
      if (text === undefined) {
        answer(response, 400, formError(apiMessages.malformed), { connection: "close" });
        return;
      }
      let input: unknown;
      try {
        input = secureJsonParse(text, parseOptions);
      } catch {
        answer(response, 400, formError(apiMessages.malformed), { connection: "close" });
        return;
      }
      deps.service.submit(input, client).then(
        (result) => {
          switch (result.status) {
            case "created":
              return answer(response, 201, {
                id: result.id,
                number: result.number,
                acknowledged: result.acknowledged,
              });
            case "invalid":
              return answer(response, 400, { errors: result.errors });
            case "refused":
              return answer(response, result.httpStatus, { errors: result.errors });
            case "rate-limited":
              return answer(
                response,
                429,
                formError(result.message),
                result.retryAfterSeconds
                  ? { "retry-after": String(result.retryAfterSeconds) }
                  : undefined,
              );
            case "failed":
              return answer(response, 503, formError(apiMessages.failed));
          }
        },
        (error: Error & { code?: unknown }) => {
          deps.log.error({ error: { name: error.name, code: error.code } }, "request failed");
          answer(response, 500, formError(apiMessages.failed));
        },
      );
    });
    return true;
  };
}

/** Whether the headers ask for nothing the lane leaves to Fastify (see the lane's comment). */
function takesPlainly(headers: IncomingMessage["headers"]): boolean {
  if (!usableHost(headers.host)) return false;
  if (
    headers["x-forwarded-for"] !== undefined ||
    headers["x-forwarded-host"] !== undefined ||
    headers["x-forwarded-proto"] !== undefined
  ) {
    return false;
  }
  if (headers["transfer-encoding"] !== undefined || headers.expect !== undefined) return false;
  if (!jsonType.test(headers["content-type"] ?? "")) return false;
  const length = headers["content-length"] ?? "";
  if (!/^[0-9]{1,5}$/.test(length)) return false;
  const bytes = Number(length);
  return bytes > 0 && bytes <= bodyLimits.default;
}

/** The body as UTF-8 text, or undefined when the stream failed (as Fastify, a 400). */
function readBody(request: IncomingMessage, done: (text: string | undefined) => void) {
  const chunks: Buffer[] = [];
  let failed = false;
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.once("error", () => {
    if (failed) return;
    failed = true;
    done(undefined);
  });
  request.once("end", () => {
    if (failed) return;
    const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    done(body?.toString("utf8") ?? "");
  });
}
