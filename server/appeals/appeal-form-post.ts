import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type RequestHandler, RouterContextProvider } from "react-router";
import { appealSubmitterContext } from "../../domain/appeals/appeal-submitter.ts";
import { formEntriesToInput } from "../../domain/appeals/form-input.ts";
import { sendProblem } from "../problem-answer.ts";
import { sendWebResponse, toWebRequest } from "../react-router-bridge.ts";
import { acceptUrlEncodedForms, isUrlEncodedForm } from "../url-encoded-forms.ts";
import type { AppealService } from "./appeal-service.ts";

// Percent-encoding triples Cyrillic: a 5000-character comment alone is about 30 KB as a form.
const formBodyLimit = 64 * 1024;

export const pageMessages = {
  tooLarge: "Обращение слишком большое. Сократите текст и отправьте его ещё раз.",
  unsupportedType:
    "Неподдерживаемый формат запроса: форма обращения отправляется как application/x-www-form-urlencoded.",
  badRequest: "Не удалось прочитать отправленную форму.",
} as const;

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
    acceptUrlEncodedForms(page, { bodyLimit: formBodyLimit, refusals: pageMessages });

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isUrlEncodedForm(request)) {
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
