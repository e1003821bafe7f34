import type { FastifyReply, FastifyRequest } from "fastify";
import { formErrorKey } from "../../domain/appeals/appeal-fields.ts";

/** Russian messages for requests refused before any route reads them. */
export const problemMessages = {
  crossOrigin:
    "Запрос отправлен с другого сайта и отклонён. Откройте форму обращения на нашем сайте и отправьте её оттуда.",
  badHost: "Неверный заголовок Host.",
  badRequest: "Не удалось прочитать запрос.",
  methodNotAllowed: "Метод не поддерживается.",
  notFound: "Не найдено",
  failed: "Внутренняя ошибка сервера. Попробуйте ещё раз позже.",
  unavailable:
    "Сервис временно недоступен: не удалось обратиться к хранилищу данных. Попробуйте ещё раз через несколько минут.",
} as const;

/** What every form's page says when its body cannot be taken (written once for all of them). */
export const formMessages = {
  unreadable: "Не удалось прочитать отправленную форму.",
  tooLarge: "Форма слишком большая.",
} as const;

/** How long a client is asked to wait after a 503 (Retry-After, seconds). */
export const retryAfterSeconds = 60;

/** The API answers JSON in its own shape; everything else is a page. */
export function isApiRequest(request: Pick<FastifyRequest, "url">): boolean {
  return request.url === "/api" || request.url.startsWith("/api/");
}

/**
 * A refusal in the shape the caller reads: `{"errors": {"_form": "…"}}` for the API, a small
 * Russian HTML page for a browser. Never cached: it answers one request.
 */
export function sendProblem(
  request: Pick<FastifyRequest, "url">,
  reply: FastifyReply,
  status: number,
  message: string,
) {
  reply.code(status).header("cache-control", "no-store");
  if (isApiRequest(request)) return reply.send({ errors: { [formErrorKey]: message } });
  return reply.type("text/html; charset=utf-8").send(problemPage(message));
}

function problemPage(message: string): string {
  return `<!DOCTYPE html>
<html lang="ru">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Запрос не выполнен</title></head>
<body><main><h1>Запрос не выполнен</h1><p>${escapeHtml(message)}</p><p><a href="/">На главную</a> · <a href="/appeals">Обращения граждан</a></p></main></body>
</html>
`;
}

/** What a part of the site says when Fastify refuses a body before a route reads it. */
export type RefusalMessages = { tooLarge: string; unsupportedType: string; badRequest: string };

/** The one mapping of a 4xx status to its Russian message (API, appeal page, staff area). */
export function refusalMessage(status: number, messages: RefusalMessages): string {
  if (status === 413) return messages.tooLarge;
  if (status === 415) return messages.unsupportedType;
  return messages.badRequest;
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );
}
