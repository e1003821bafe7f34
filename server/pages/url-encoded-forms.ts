import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import {
  problemMessages,
  type RefusalMessages,
  refusalMessage,
  sendProblem,
} from "./problem-answer.ts";

const urlEncodedType = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/** Whether a request's body is a form as a page posts it (not multipart, not JSON). */
export function isUrlEncodedForm(request: FastifyRequest): boolean {
  return urlEncodedType.test(request.headers["content-type"] ?? "");
}

/**
 * Sets up a plugin scope for pages that take a form posted without JavaScript and hand it to
 * React Router: URL-encoded bodies only, kept raw (React Router parses them itself), at most
 * `bodyLimit` bytes; a body refused before a route reads it gets its Russian page from
 * `refusals`, and anything unexpected a 500 page with nothing of the request in the log.
 */
export function acceptUrlEncodedForms(
  scope: FastifyInstance,
  options: { bodyLimit: number; refusals: RefusalMessages },
) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "buffer", bodyLimit: options.bodyLimit },
    (_request, body, done) => done(null, body),
  );
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ error: { name: error.name, code: error.code } }, "request failed");
      return sendProblem(request, reply, 500, problemMessages.failed);
    }
    return sendProblem(request, reply, status, refusalMessage(status, options.refusals));
  });
}
