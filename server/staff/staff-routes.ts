/**
 * The staff area at /staff: sessions, CSRF and headers here; pages rendered by React Router's
 * server build (app/routes/staff*.tsx) with a `StaffRequest` in their context; the CSV export.
 * Registered before the static site's catch-all, so /staff is never a file (decision 0008).
 */
import fastifyCookie from "@fastify/cookie";
import fastifyCsrfProtection from "@fastify/csrf-protection";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type RequestHandler, RouterContextProvider } from "react-router";
import { readRegistryQuery } from "../../domain/staff/registry-query.ts";
import { type StaffRequest, staffRequestContext } from "../../domain/staff/staff-context.ts";
import type { AppealsRepository } from "../db/appeals-repository.ts";
import { escapeHtml, refusalMessage } from "../problem-answer.ts";
import { sendWebResponse, toWebRequest } from "../react-router-bridge.ts";
import { sendRegistryCsv } from "./csv-export.ts";
import type { RegistryService } from "./registry-service.ts";
import { type SignedIn, type StaffAuth, tokenHash } from "./staff-auth.ts";
import { sendStatisticsFile } from "./statistics-export.ts";
import type { StatisticsService } from "./statistics-service.ts";

export type StaffAreaDependencies = {
  pageHandler: RequestHandler;
  /** The CSRF tokens' HMAC key, the same on every server of one store (server_secrets). */
  csrfKey: () => Promise<Buffer>;
  auth: StaffAuth;
  registry: RegistryService;
  appeals: Pick<AppealsRepository, "eachInRegistry">;
  statistics: StatisticsService;
};

export const sessionCookie = "staff_session";
export const csrfCookie = "staff_csrf";
export const signInPath = "/staff/login";
/** The secret (server_secrets) CSRF tokens are keyed with. */
export const csrfKeySecretName = "csrf-tokens";

// No script may run on a staff page: they ship none, and a citizen's text must never become one.
const staffContentSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'";

const messages = {
  csrf: "Форма устарела или отправлена не с этого сайта. Обновите страницу и отправьте её ещё раз.",
  sessionOver: "Сеанс завершён или истёк. Войдите снова.",
  badRequest: "Не удалось прочитать отправленную форму.",
  unsupportedType: "Неподдерживаемый формат запроса.",
  tooLarge: "Форма слишком большая.",
  failed: "Не удалось выполнить запрос. Попробуйте ещё раз.",
} as const;

function isLocalHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

/** Secure cookies everywhere but plain-http localhost (a browser would drop them there). */
function secureCookies(request: FastifyRequest): boolean {
  return !(request.protocol === "http" && isLocalHost(request.hostname));
}

function cookieOptions(request: FastifyRequest) {
  return {
    path: "/staff",
    httpOnly: true,
    sameSite: "strict" as const,
    secure: secureCookies(request),
  };
}

/** A small page for refusals outside React Router (CSRF, expired session): no script, Russian. */
function refusalPage(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Реестр обращений</title></head><body><main><h1>Запрос отклонён</h1><p>${escapeHtml(message)}</p><p><a href="${signInPath}">Ко входу</a> · <a href="/staff">К реестру</a></p></main></body></html>`,
    );
}

declare module "fastify" {
  interface FastifyRequest {
    staffSignedIn?: SignedIn;
  }
}

/**
 * What a CSRF token is bound to: the session its page was shown in, or none. A token from
 * before sign-in, or from another session (even with that session's CSRF cookie), does not pass.
 */
function csrfBinding(sessionToken: string | undefined): string {
  return sessionToken ? `session:${tokenHash(sessionToken)}` : "no-session";
}

export function registerStaffArea(app: FastifyInstance, deps: StaffAreaDependencies) {
  app.register(async (area) => {
    await area.register(fastifyCookie);
    await area.register(fastifyCsrfProtection, {
      cookieKey: csrfCookie,
      cookieOpts: { path: "/staff", httpOnly: true, sameSite: "strict" },
      csrfOpts: { hmacKey: await deps.csrfKey() },
      getUserInfo: (request) => csrfBinding(request.cookies[sessionCookie]),
      getToken: (request) => {
        const body = request.body;
        if (!(body instanceof Buffer)) return undefined;
        return new URLSearchParams(body.toString("utf8")).get("_csrf") ?? undefined;
      },
    });

    area.removeAllContentTypeParsers();
    area.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "buffer", bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, body),
    );

    area.addHook("onSend", async (_request, reply) => {
      // React Router answers "text/html"; say the charset in the header too.
      if (reply.getHeader("content-type") === "text/html") {
        reply.header("content-type", "text/html; charset=utf-8");
      }
      reply.header("cache-control", "no-store");
      reply.header("x-robots-tag", "noindex, nofollow");
      reply.header("content-security-policy", staffContentSecurityPolicy);
    });

    area.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (error.code?.startsWith("FST_CSRF")) return refusalPage(reply, 403, messages.csrf);
      if (status >= 500) {
        request.log.error({ error: { name: error.name, code: error.code } }, "staff page failed");
        return refusalPage(reply, 500, messages.failed);
      }
      return refusalPage(reply, status, refusalMessage(status, messages));
    });

    // Every state change: the CSRF token (double-submit cookie, signed). Another site's request
    // never gets this far: the global guard (server/request-guards.ts) refuses it first.
    area.addHook("preHandler", (request, reply, done) => {
      if (request.method !== "POST") return done();
      area.csrfProtection(request, reply, done);
    });

    // The session: every address but the sign-in page needs one.
    area.addHook("preHandler", async (request, reply) => {
      const token = request.cookies[sessionCookie];
      const signedIn = token ? await deps.auth.session(token) : undefined;
      if (signedIn) {
        request.staffSignedIn = signedIn;
        return;
      }
      if (token) reply.clearCookie(sessionCookie, cookieOptions(request));
      if (request.url.split("?")[0] === signInPath) return;
      if (request.method === "GET") return reply.redirect(signInPath, 303);
      return refusalPage(reply, 401, messages.sessionOver);
    });

    const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
      const signedIn = request.staffSignedIn;
      const staff: StaffRequest = {
        login: signedIn?.login ?? null,
        csrfToken: reply.generateCsrf({
          ...cookieOptions(request),
          userInfo: signedIn ? `session:${signedIn.tokenHash}` : csrfBinding(undefined),
        }),
        today: deps.registry.today(),
        signIn: async (login, password) => {
          const result = await deps.auth.signIn(login, password, request.ip);
          if (!result.ok) return result;
          if (signedIn) await deps.auth.signOut(signedIn);
          reply.setCookie(sessionCookie, result.token, cookieOptions(request));
          // A new CSRF secret with the new session: the next page makes it.
          reply.clearCookie(csrfCookie, cookieOptions(request));
          return { ok: true };
        },
        signOut: async () => {
          if (signedIn) await deps.auth.signOut(signedIn);
          // The next page's token is bound to no session: this session's tokens stop passing.
          reply.clearCookie(sessionCookie, cookieOptions(request));
        },
        listAppeals: (query) => deps.registry.listAppeals(query),
        getAppeal: (id) => deps.registry.getAppeal(id),
        changeAppeal: (id, form) =>
          signedIn
            ? deps.registry.changeAppeal(signedIn.login, id, form)
            : Promise.resolve({ ok: false, status: 401, message: messages.sessionOver }),
        setTopic: (id, topic) =>
          signedIn
            ? deps.registry.setTopic(signedIn.login, id, topic)
            : Promise.resolve({ ok: false, status: 401, message: messages.sessionOver }),
        statistics: (period) => deps.statistics.statisticsOf(period, deps.registry.today()),
      };
      const context = new RouterContextProvider();
      context.set(staffRequestContext, staff);
      const response = await deps.pageHandler(toWebRequest(request), context);
      return sendWebResponse(reply, response);
    };

    area.get("/staff/export.csv", async (request, reply) => {
      const read = readRegistryQuery(new URLSearchParams(request.url.split("?")[1] ?? ""));
      if (!read.ok) return refusalPage(reply, 400, read.message);
      return sendRegistryCsv(reply, deps.appeals, read.query, deps.registry.today());
    });
    // The statistics page's figures as files (issue 19): CSV and an XLSX workbook.
    for (const format of ["csv", "xlsx"] as const) {
      area.get(`/staff/statistics.${format}`, (request, reply) =>
        sendStatisticsFile(reply, deps.statistics, request.url, deps.registry.today(), format),
      );
    }
    for (const url of ["/staff", "/staff/*"]) {
      area.get(url, renderPage);
      area.post(url, renderPage);
    }
  });
}
