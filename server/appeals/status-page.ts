import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type RequestHandler, RouterContextProvider } from "react-router";
import { appealStatusLookupContext } from "../../domain/appeals/appeal-status.ts";
import type { DataLayer } from "../db/data-layer.ts";
import { sendProblem } from "../problem-answer.ts";
import { sendWebResponse, toWebRequest } from "../react-router-bridge.ts";
import { acceptUrlEncodedForms, isUrlEncodedForm } from "../url-encoded-forms.ts";
import { createStatusLookup } from "./status-lookup.ts";
import type { StatusLookupGuard } from "./status-lookup-guard.ts";

export const statusPagePath = "/appeals/status";

// A number and an address; anything much longer is not a lookup.
const formBodyLimit = 4 * 1024;

const refusals = {
  tooLarge: "Запрос слишком большой.",
  unsupportedType: "Форма отправляется как application/x-www-form-urlencoded.",
  badRequest: "Не удалось прочитать отправленную форму.",
} as const;

/**
 * The citizen's status page, rendered by React Router on each request (never prerendered: what it
 * shows is the store's): GET shows the form (the number filled in from ?number=, as the
 * acknowledgement links it), POST looks the appeal up. Never cached, never indexed.
 */
export function registerStatusPage(
  app: FastifyInstance,
  deps: {
    pageHandler: RequestHandler;
    data: Pick<DataLayer, "appeals">;
    /** Counts the lookups (server/appeals/status-lookup-guard.ts). */
    rateLimiter: StatusLookupGuard;
  },
) {
  app.register(async (page) => {
    acceptUrlEncodedForms(page, { bodyLimit: formBodyLimit, refusals });

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const context = new RouterContextProvider();
      context.set(
        appealStatusLookupContext,
        createStatusLookup({
          data: deps.data,
          guard: deps.rateLimiter,
          clientAddress: request.clientAddress,
        }),
      );
      const response = await deps.pageHandler(toWebRequest(request), context);
      reply.header("x-robots-tag", "noindex, nofollow");
      return sendWebResponse(reply, response);
    };
    page.get(statusPagePath, handler);
    page.post(statusPagePath, { bodyLimit: formBodyLimit }, async (request, reply) => {
      if (!isUrlEncodedForm(request)) {
        return sendProblem(request, reply, 415, refusals.unsupportedType);
      }
      return handler(request, reply);
    });
  });
}
