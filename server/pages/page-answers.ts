/**
 * How the door answers: a rendered page (its headers, the site's settings written into public
 * pages), a refusal in the words of its area (a small Russian page, no script), a missing thing
 * as 404 with the Russian not-found page, and a store failure as 503 with a Russian page, never
 * React Router's English error page (page-failure.ts tells the two apart, issue 43).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { notFoundTitle, siteTitleSuffix } from "../../content/site-pages.ts";
import { signInPath } from "../../domain/pages/page-context.ts";
import { storeFullMessages, storeFullStatus } from "../../domain/storage/store-full.ts";
import type { DiskSpace } from "../db/sqlite-disk-limits.ts";
import { isDiskFull } from "../db/store-failure.ts";
import {
  escapeHtml,
  formMessages,
  problemMessages,
  retryAfterSeconds,
  sendProblem,
} from "../http/problem-answer.ts";
import { pathOnly } from "../http/request-log.ts";
import { personaliseHtml, type SiteSettings } from "../site/site-settings.ts";
import { compressPage } from "./page-compression.ts";
import { failureStatus } from "./page-failure.ts";
import { sendWebResponse } from "./react-router-bridge.ts";

// No script may run on a staff page: they ship none, and a citizen's text must never become one.
const staffContentSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'";
// A downloaded file is never a page of this site: opened in place, it runs in a sandbox.
const downloadContentSecurityPolicy = "sandbox; default-src 'none'";

const messages = {
  csrf: "Форма устарела или отправлена не с этого сайта. Обновите страницу и отправьте её ещё раз.",
  sessionOver: "Сеанс завершён или истёк. Войдите снова.",
  badRequest: formMessages.unreadable,
  unsupportedType: "Неподдерживаемый формат запроса.",
  tooLarge: formMessages.tooLarge,
} as const;

/** A small page for the staff area's refusals: no script, Russian, the way back. */
export function staffRefusalPage(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Реестр обращений</title></head><body><main><h1>Запрос отклонён</h1><p>${escapeHtml(message)}</p><p><a href="${signInPath}">Ко входу</a> · <a href="/staff">К реестру</a></p></main></body></html>`,
    );
}

/**
 * The one log line of a page that failed: the status the client got, and what failed by its name
 * and code only, since a database error's detail may quote a row (personal data); for a full
 * disk, what was free on it and its reserve, when the store knows them (decision 0057).
 */
function logFailure(request: FastifyRequest, failure: unknown, status: number) {
  const { name, code } = (failure ?? {}) as { name?: unknown; code?: unknown };
  const disk = isDiskFull(failure)
    ? {
        diskFull: true,
        freeBytes: (failure as Partial<DiskSpace>).freeBytes ?? null,
        reserveBytes: (failure as Partial<DiskSpace>).reserveBytes ?? null,
      }
    : {};
  request.log.error({ error: { name, code }, status, ...disk }, "page failed");
}

/**
 * The not-found page of a page that failed on a missing thing: the site's words (the prerendered
 * 404 page's, app/routes/not-found.tsx) and the way back of the area it was asked in. No script.
 */
function notFoundPage(reply: FastifyReply, staff: boolean) {
  const title = staff ? notFoundTitle : `${notFoundTitle} — ${siteTitleSuffix}`;
  const back = staff
    ? '<a href="/staff">Вернуться в реестр</a>'
    : 'Возможно, адрес набран с ошибкой или страница была перенесена. Начните с <a href="/">главной страницы</a>.';
  return reply
    .code(404)
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><main><h1>${notFoundTitle}</h1><p>${back}</p></main></body></html>`,
    );
}

function isStaffArea(request: FastifyRequest): boolean {
  return request.routeOptions.config.door?.area === "staff";
}

export function pageAnswers(settings: SiteSettings) {
  const refuse = (request: FastifyRequest, reply: FastifyReply, status: number, text: string) =>
    isStaffArea(request)
      ? staffRefusalPage(reply, status, text)
      : sendProblem(request, reply, status, text);
  const unavailable = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header("retry-after", String(retryAfterSeconds));
    return refuse(request, reply, 503, problemMessages.unavailable);
  };
  /**
   * A page that failed, logged once with the status sent: a full disk is told to staff as such
   * (no retry in minutes mends it); a missing thing is a 404, the not-found page; anything else
   * is the store out of reach, 503.
   */
  const failed = (request: FastifyRequest, reply: FastifyReply, failure: unknown) => {
    if (isDiskFull(failure) && isStaffArea(request)) {
      logFailure(request, failure, storeFullStatus);
      return staffRefusalPage(reply, storeFullStatus, storeFullMessages.page);
    }
    if (failureStatus(failure) === 404) {
      // The asker's miss, not the server's trouble: not an error of the log.
      const { name, code } = (failure ?? {}) as { name?: unknown; code?: unknown };
      request.log.info({ error: { name, code }, status: 404 }, "page names nothing");
      return notFoundPage(reply, isStaffArea(request));
    }
    logFailure(request, failure, 503);
    return unavailable(request, reply);
  };
  return {
    messages,
    refuse,
    failed,

    /** React Router's page; a failure while it was made (the store's) is a 503 of the door's. */
    async page(request: FastifyRequest, reply: FastifyReply, response: Response, failure: unknown) {
      if (response.status === storeFullStatus && isDiskFull(failure)) {
        // The action answered a full disk itself, its form shown again: sent, logged once.
        logFailure(request, failure, storeFullStatus);
      } else if (response.status >= 500) {
        await response.body?.cancel();
        // One line per failure, with the status the client gets (issue 40).
        return failed(request, reply, failure);
      }
      if (isStaffArea(request) || !/^text\/html/.test(response.headers.get("content-type") ?? "")) {
        return sendWebResponse(reply, response);
      }
      const html = personaliseHtml(await response.text(), pathOnly(request), settings);
      const { body, encoding } = compressPage(request, html);
      const headers = new Headers(response.headers);
      // Whichever encoding went out, a cache between must key the answer by what was accepted.
      headers.append("vary", "accept-encoding");
      if (encoding) headers.set("content-encoding", encoding);
      return sendWebResponse(
        reply,
        new Response(new Uint8Array(body), {
          status: response.status,
          headers,
        }),
      );
    },

    /** The staff area's headers on everything it answers. */
    async headers(request: FastifyRequest, reply: FastifyReply) {
      const door = request.routeOptions.config.door;
      if (door?.area !== "staff") return;
      reply.header("cache-control", "no-store");
      reply.header("x-robots-tag", "noindex, nofollow");
      reply.header(
        "content-security-policy",
        door.download ? downloadContentSecurityPolicy : staffContentSecurityPolicy,
      );
    },
  };
}

export type PageAnswers = ReturnType<typeof pageAnswers>;
