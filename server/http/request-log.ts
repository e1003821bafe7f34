import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { problemMessages, sendProblem } from "./problem-answer.ts";

/** The path without the query string: a query may carry what a visitor typed. */
export function pathOnly(request: Pick<FastifyRequest, "url">): string {
  return request.url.split("?")[0] ?? "/";
}

/**
 * The one request line, written by the hook below and by the pages' fast lane (which answers
 * before Fastify): method, path, status and time in milliseconds to a tenth.
 */
export function logRequest(
  log: FastifyBaseLogger,
  method: string,
  path: string,
  status: number,
  ms: number,
) {
  log.info({ method, path, status, ms: Math.round(ms * 10) / 10 }, "request");
}

/**
 * One log line per request: method, path, status, time. No body, no query string, no IP, no
 * user agent: appeals carry personal data (152-ФЗ) and none of it may reach the logs.
 */
export function registerRequestLog(app: FastifyInstance) {
  // Fastify's error lines are switched off with its request lines: a failure is logged here,
  // with its stack, and still without anything the visitor sent.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return sendProblem(request, reply, 500, problemMessages.failed);
    }
    return sendProblem(request, reply, status, problemMessages.badRequest);
  });
  // A callback hook: it runs on every answer, and an async one costs a promise each time.
  app.addHook("onResponse", (request, reply, done) => {
    logRequest(request.log, request.method, pathOnly(request), reply.statusCode, reply.elapsedTime);
    done();
  });
}
