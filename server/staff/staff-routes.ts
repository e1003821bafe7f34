/**
 * The staff area at /staff: sessions, CSRF and headers here; pages rendered by React Router's
 * server build (app/routes/staff*.tsx) with a `StaffRequest` in their context; the CSV export.
 * Registered before the static site's catch-all, so /staff is never a file (decision 0008).
 */
import fastifyCookie from "@fastify/cookie";
import fastifyCsrfProtection from "@fastify/csrf-protection";
import fastifyMultipart, { type Multipart } from "@fastify/multipart";
import contentDisposition from "content-disposition";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type RequestHandler, RouterContextProvider } from "react-router";
import { readRegistryQuery } from "../../domain/staff/registry-query.ts";
import { type StaffRequest, staffRequestContext } from "../../domain/staff/staff-context.ts";
import { can } from "../../domain/staff/staff-roles.ts";
import type { AppealsRepository } from "../db/appeals-repository.ts";
import { escapeHtml, refusalMessage } from "../problem-answer.ts";
import { sendWebResponse, toWebRequest } from "../react-router-bridge.ts";
import {
  type AnswerUpload,
  answerUploadLimits,
  readAnswerUpload,
  readCsrfPart,
  UploadRefusal,
} from "./answer-upload.ts";
import { sendRegistryCsv } from "./csv-export.ts";
import type { RegistryService } from "./registry-service.ts";
import type { ReplyTemplateService } from "./reply-template-service.ts";
import { type SignedIn, type StaffAuth, tokenHash } from "./staff-auth.ts";
import { sendStatisticsFile } from "./statistics-export.ts";
import type { StatisticsService } from "./statistics-service.ts";

export type StaffAreaDependencies = {
  pageHandler: RequestHandler;
  /** The CSRF tokens' HMAC key, the same on every server of one store (server_secrets). */
  csrfKey: () => Promise<Buffer>;
  auth: StaffAuth;
  registry: RegistryService;
  templates: ReplyTemplateService;
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
// A downloaded file is never a page of this site: opened in place, it runs in a sandbox.
const downloadContentSecurityPolicy = "sandbox; default-src 'none'";

/** Where the answer form posts its text and files (multipart); the only multipart address. */
export const answerUploadRoute = "/staff/appeals/:id/answer";
/** A file kept with an appeal, downloaded by staff. */
export const attachmentRoute = "/staff/appeals/:id/files/:fileId";

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
    /** The answer form's parts after its first one, the CSRF token (answer-upload.ts). */
    answerParts?: AsyncIterableIterator<Multipart>;
    answerCsrfToken?: string;
  }
}

/**
 * What a CSRF token is bound to: the session its page was shown in, or none. A token from
 * before sign-in, or from another session (even with that session's CSRF cookie), does not pass.
 */
function csrfBinding(sessionToken: string | undefined): string {
  return sessionToken ? `session:${tokenHash(sessionToken)}` : "no-session";
}

/**
 * The answer form as React Router's action reads it: its text fields as a url-encoded POST to
 * the appeal's page (the files stay with the server, handed over in the page's context).
 */
function uploadAsPageRequest(request: FastifyRequest, fields: AnswerUpload["fields"]): Request {
  const page = toWebRequest(request);
  const headers = new Headers(page.headers);
  headers.set("content-type", "application/x-www-form-urlencoded");
  headers.delete("content-length");
  const url = new URL(page.url);
  url.pathname = url.pathname.replace(/\/answer$/, "");
  return new Request(url, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields).toString(),
  });
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
        if (request.answerParts) return request.answerCsrfToken;
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
    // The answer form's files: streamed with limits, read by its route only (answer-upload.ts).
    await area.register(fastifyMultipart, {
      limits: answerUploadLimits,
      throwFileSizeLimit: false,
    });

    area.addHook("onSend", async (_request, reply) => {
      // React Router answers "text/html"; say the charset in the header too.
      if (reply.getHeader("content-type") === "text/html") {
        reply.header("content-type", "text/html; charset=utf-8");
      }
      reply.header("cache-control", "no-store");
      reply.header("x-robots-tag", "noindex, nofollow");
      reply.header(
        "content-security-policy",
        _request.routeOptions.url === attachmentRoute
          ? downloadContentSecurityPolicy
          : staffContentSecurityPolicy,
      );
    });

    area.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof UploadRefusal) {
        // The rest of an upload refused midway is never read: the connection closes instead.
        reply.header("connection", "close");
        return refusalPage(reply, error.status, error.message);
      }
      const status = error.statusCode ?? 500;
      if (error.code?.startsWith("FST_CSRF")) return refusalPage(reply, 403, messages.csrf);
      if (status >= 500) {
        request.log.error({ error: { name: error.name, code: error.code } }, "staff page failed");
        return refusalPage(reply, 500, messages.failed);
      }
      return refusalPage(reply, status, refusalMessage(status, messages));
    });

    // A multipart body is taken only by the answer form, and its first part, the CSRF token, is
    // read here so the check below sees it before a byte of any file is read.
    area.addHook("preHandler", async (request) => {
      if (request.method !== "POST" || !request.isMultipart()) return;
      if (request.routeOptions.url !== answerUploadRoute) {
        throw new UploadRefusal(415, messages.unsupportedType);
      }
      request.answerParts = request.parts();
      try {
        request.answerCsrfToken = await readCsrfPart(request.answerParts);
      } catch {
        request.answerCsrfToken = undefined;
      }
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

    /**
     * A staff page through React Router. The answer form's upload comes as `upload`: its fields
     * as the page's form, its files (or why they were refused) beside it.
     */
    const renderPage = async (
      request: FastifyRequest,
      reply: FastifyReply,
      upload?: { read: AnswerUpload } | { refused: UploadRefusal; fields: AnswerUpload["fields"] },
    ) => {
      const signedIn = request.staffSignedIn;
      const viewer = signedIn ? { login: signedIn.login, role: signedIn.role } : undefined;
      const uploadedFiles = upload && "read" in upload ? upload.read.files : [];
      const sessionOver = { ok: false as const, status: 401, message: messages.sessionOver };
      const staff: StaffRequest = {
        login: signedIn?.login ?? null,
        role: signedIn?.role ?? null,
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
        listAppeals: async (query) =>
          viewer ? deps.registry.listAppeals(viewer, query) : { rows: [], nextAfter: undefined },
        heldMail: async () => (viewer ? deps.registry.heldMail(viewer) : 0),
        getAppeal: async (id) => (viewer ? deps.registry.getAppeal(viewer, id) : undefined),
        changeAppeal: async (id, form) =>
          viewer ? deps.registry.changeAppeal(viewer, id, form, uploadedFiles) : sessionOver,
        previewAnswer: async (id, form) =>
          viewer ? deps.registry.previewAnswer(viewer, id, form, uploadedFiles) : sessionOver,
        replyTemplates: async () => (viewer ? deps.templates.list(viewer) : []),
        changeReplyTemplates: async (form) =>
          viewer ? deps.templates.change(viewer, form) : sessionOver,
        uploadRefusal:
          upload && "refused" in upload
            ? { status: upload.refused.status, message: upload.refused.message }
            : undefined,
        setTopic: async (id, topic) =>
          viewer ? deps.registry.setTopic(viewer, id, topic) : sessionOver,
        statistics: (period) => deps.statistics.statisticsOf(period, deps.registry.today()),
      };
      const context = new RouterContextProvider();
      context.set(staffRequestContext, staff);
      const webRequest = upload
        ? uploadAsPageRequest(request, "read" in upload ? upload.read.fields : upload.fields)
        : toWebRequest(request);
      const response = await deps.pageHandler(webRequest, context);
      if (upload && "refused" in upload) reply.header("connection", "close");
      return sendWebResponse(reply, response);
    };

    area.post(answerUploadRoute, async (request, reply) => {
      const parts = request.answerParts;
      if (!parts) return refusalPage(reply, 415, messages.unsupportedType);
      const fields: AnswerUpload["fields"] = [];
      try {
        const read = await readAnswerUpload(parts, fields);
        return renderPage(request, reply, { read });
      } catch (error) {
        if (!(error instanceof UploadRefusal)) throw error;
        return renderPage(request, reply, { refused: error, fields });
      }
    });

    area.get<{ Params: { id: string; fileId: string } }>(
      attachmentRoute,
      async (request, reply) => {
        const signedIn = request.staffSignedIn;
        const file = signedIn
          ? await deps.registry.attachment(signedIn, request.params.id, request.params.fileId)
          : undefined;
        if (!file) return refusalPage(reply, 404, "Файл не найден.");
        return reply
          .type(file.mediaType)
          .header("content-disposition", contentDisposition(file.fileName))
          .header("x-content-type-options", "nosniff")
          .send(file.content);
      },
    );

    area.get("/staff/export.csv", async (request, reply) => {
      const read = readRegistryQuery(new URLSearchParams(request.url.split("?")[1] ?? ""));
      if (!read.ok) return refusalPage(reply, 400, read.message);
      const signedIn = request.staffSignedIn;
      // An executor's CSV holds the appeals assigned to them; an administrator's, none.
      const scoped = signedIn ? deps.registry.exportQuery(signedIn, read.query) : undefined;
      if (!scoped) return refusalPage(reply, 403, "Это действие недоступно для вашей роли.");
      return sendRegistryCsv(reply, deps.appeals, scoped, deps.registry.today());
    });
    // The statistics page's figures as files (issue 19): CSV and an XLSX workbook.
    for (const format of ["csv", "xlsx"] as const) {
      area.get(`/staff/statistics.${format}`, (request, reply) => {
        const role = request.staffSignedIn?.role;
        if (!role || !can(role, "statistics")) {
          return refusalPage(reply, 403, "Статистику смотрят руководители.");
        }
        return sendStatisticsFile(
          reply,
          deps.statistics,
          request.url,
          deps.registry.today(),
          format,
        );
      });
    }
    for (const url of ["/staff", "/staff/*"]) {
      area.get(url, renderPage);
      area.post(url, renderPage);
    }
  });
}
