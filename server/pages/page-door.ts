/**
 * The one door of every page the server renders, public and staff (decision 0027): each row of
 * the route table (page-routes.ts) becomes a Fastify route here. A request passes, in order:
 * its body's type (url-encoded, or multipart where the row allows it), the CSRF token (staff
 * rows, read before any file byte), the session, the form (files checked while they stream in),
 * then React Router renders the page with the one load context (domain/pages/page-context.ts):
 * the services built once, and per request only the viewer, the CSRF token, the client and the
 * form. No request is rewritten: the action gets the fields and files the door read.
 */
import fastifyMultipart from "@fastify/multipart";
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
} from "fastify";
import { type RequestHandler, RouterContextProvider } from "react-router";
import {
  type PageContext,
  type PageServices,
  pageContext,
  type SubmittedForm,
  signInPath,
  siteContentContext,
} from "../../domain/pages/page-context.ts";
import type { SiteContent } from "../../domain/site-content/site-editions.ts";
import { can } from "../../domain/staff/staff-roles.ts";
import {
  type MultipartReading,
  readCsrfPart,
  readMultipartForm,
  startMultipart,
} from "../attachments/multipart-form.ts";
import { settleRefusedBody } from "../attachments/refused-body.ts";
import { UploadRefusal } from "../attachments/upload-rules.ts";
import { refusalMessage } from "../http/problem-answer.ts";
import { requireRequestGuards } from "../http/request-guards.ts";
import type { SiteSettings } from "../site/site-settings.ts";
import type { SignedIn, StaffAuth } from "../staff/auth/staff-auth.ts";
import { type PageAnswers, pageAnswers, staffRefusalPage } from "./page-answers.ts";
import type { BodyRefusals, PageRoute } from "./page-routes.ts";
import { pageFailure, toWebRequest } from "./react-router-bridge.ts";
import { type StaffFileRoute, staffFileRoutes } from "./staff-files.ts";
import {
  csrfTokenFor,
  endSession,
  registerStaffCookies,
  sessionOf,
  startSession,
} from "./staff-session.ts";

export type PageDoorDependencies = {
  pageHandler: RequestHandler;
  routes: readonly PageRoute[];
  services: PageServices;
  auth: StaffAuth;
  /** The CSRF tokens' HMAC key, the same on every server of one store (server_secrets). */
  csrfKey: () => Promise<Buffer>;
  /** Written into the public pages rendered here, as into the built ones. */
  settings: SiteSettings;
  /** The staff area's files (downloads, CSV, statistics), beside its pages. */
  staffFiles: Parameters<typeof staffFileRoutes>[0];
  /** The site's published content shown now: the pages rendered here show it (the footer). */
  siteContent?: () => Partial<SiteContent>;
};

declare module "fastify" {
  interface FastifyRequest {
    /** The staff member whose session this request carries (staff rows, after the session hook). */
    staffSignedIn?: SignedIn;
    /** A multipart form being read (rows that take one), its token part already read. */
    multipartReading?: MultipartReading;
  }
  interface FastifyContextConfig {
    /** The row of the route table (or the staff file) this Fastify route serves. */
    door?: { area: "public" | "staff"; row?: PageRoute; download?: boolean };
  }
}

type StaffHooks = preHandlerHookHandler[];

const urlEncodedType = /^application\/x-www-form-urlencoded\s*(;|$)/i;

export function registerPageDoor(app: FastifyInstance, deps: PageDoorDependencies) {
  app.register(async (door) => {
    requireRequestGuards(door, "the pages' door");
    door.decorateRequest("staffSignedIn", undefined);
    door.decorateRequest("multipartReading", undefined);
    await registerStaffCookies(door, await deps.csrfKey());
    door.removeAllContentTypeParsers();
    // Kept raw: the door reads it into fields (the CSRF hook first).
    door.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "buffer" },
      (_request, body, done) => done(null, body),
    );
    // Multipart is streamed by the rows that take it (the parser's limits are theirs).
    await door.register(fastifyMultipart, { throwFileSizeLimit: false });

    const answers = pageAnswers(deps.settings);
    door.addHook("onSend", answers.headers);
    door.setErrorHandler((error: FastifyError, request, reply) =>
      answerError(answers, error, request, reply, routeOf(request)?.refusals),
    );

    const staffHooks: StaffHooks = [
      bodyTypeHook,
      csrfTokenHook,
      (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
        if (request.method !== "POST") return done();
        door.csrfProtection(request, reply, done);
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        request.staffSignedIn = await sessionOf(request, reply, deps.auth);
        if (request.staffSignedIn || request.url.split("?")[0] === signInPath) return;
        if (request.method === "GET") return reply.redirect(signInPath, 303);
        return answers.refuse(request, reply, 401, answers.messages.sessionOver);
      },
    ];

    for (const route of deps.routes) {
      const area = route.access.kind === "public" ? "public" : "staff";
      door.route({
        method: [...route.methods],
        url: route.path,
        bodyLimit: route.body.urlEncoded.limit,
        config: { door: { area, row: route } },
        preHandler: area === "staff" ? staffHooks : [bodyTypeHook],
        handler: async (request, reply) => {
          const form = await readForm(route, request, reply);
          const signedIn = request.staffSignedIn;
          const page: PageContext = {
            services: deps.services,
            client: { address: request.clientAddress, userAgent: request.headers["user-agent"] },
            viewer: signedIn ? { login: signedIn.login, role: signedIn.role } : null,
            csrfToken: area === "staff" ? csrfTokenFor(reply, signedIn) : "",
            form,
            session: {},
          };
          const context = new RouterContextProvider();
          context.set(pageContext, page);
          if (deps.siteContent) context.set(siteContentContext, deps.siteContent());
          const response = await deps.pageHandler(toWebRequest(request), context);
          if (page.session.started) {
            await startSession(reply, deps.auth, page.session.started, signedIn);
          }
          if (page.session.ended) await endSession(reply, deps.auth, signedIn);
          for (const [name, value] of Object.entries(route.headers ?? {}))
            reply.header(name, value);
          const failure = pageFailure(context) ?? page.answeredFailure;
          return answers.page(request, reply, response, failure);
        },
      });
    }

    for (const file of staffFileRoutes(deps.staffFiles)) registerStaffFile(door, file, staffHooks);

    /** A POST's body must be of a type its row reads: 415 in the row's words if not. */
    function bodyTypeHook(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
      if (request.method !== "POST") {
        done();
        return;
      }
      const route = routeOf(request);
      const allowed = request.isMultipart()
        ? route?.body.multipart !== undefined
        : urlEncodedType.test(request.headers["content-type"] ?? "");
      if (allowed) {
        done();
        return;
      }
      // Answered here, the request ends: `done` is not called.
      answers.refuse(
        request,
        reply,
        415,
        route?.refusals.unsupportedType ?? answers.messages.unsupportedType,
      );
    }

    /** The form's CSRF token: its `_csrf` field, or a multipart form's first part. */
    async function csrfTokenHook(request: FastifyRequest) {
      if (request.method !== "POST") return;
      const rules = routeOf(request)?.body.multipart;
      if (request.isMultipart() && rules) {
        request.multipartReading = startMultipart(request, rules);
        request.formCsrfToken = await readCsrfPart(request.multipartReading);
        return;
      }
      request.formCsrfToken = urlEncodedFields(request).get("_csrf") ?? undefined;
    }
  });
}

function routeOf(request: FastifyRequest): PageRoute | undefined {
  return request.routeOptions.config.door?.row;
}

/** A url-encoded form's fields, read once per request (the CSRF hook, then the form). */
const readFields = new WeakMap<FastifyRequest, URLSearchParams>();

function urlEncodedFields(request: FastifyRequest): URLSearchParams {
  let fields = readFields.get(request);
  if (!fields) {
    const body = request.body;
    fields = new URLSearchParams(body instanceof Buffer ? body.toString("utf8") : "");
    readFields.set(request, fields);
  }
  return fields;
}

/**
 * The posted form as the page's action reads it. An upload refused midway keeps the fields read
 * before it (the page shows the text typed); the rest of the body is read and dropped if small
 * enough, else the connection closes and it is never read (refused-body.ts).
 */
async function readForm(
  route: PageRoute,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SubmittedForm | undefined> {
  if (request.method !== "POST") return undefined;
  const rules = route.body.multipart;
  if (!rules || !request.isMultipart()) return { fields: urlEncodedFields(request), files: [] };
  const fields = new URLSearchParams();
  try {
    // A staff form's reading started with its token; a public form's (no token) starts here.
    const reading = request.multipartReading ?? startMultipart(request, rules);
    return { fields, files: await readMultipartForm(reading, rules, fields) };
  } catch (error) {
    if (!(error instanceof UploadRefusal)) throw error;
    await settleRefusedBody(request, reply, rules);
    const { status, message, ofFiles } = error;
    return { fields, files: [], refusal: { status, message, ofFiles } };
  }
}

function registerStaffFile(door: FastifyInstance, file: StaffFileRoute, staffHooks: StaffHooks) {
  door.get(
    file.path,
    { config: { door: { area: "staff", download: true } }, preHandler: staffHooks },
    (request, reply) => {
      const signedIn = request.staffSignedIn;
      if (!signedIn) return reply.redirect(signInPath, 303);
      if (file.capability && !can(signedIn.role, file.capability.name)) {
        return staffRefusalPage(reply, 403, file.capability.refusal);
      }
      return file.send(request, reply, signedIn);
    },
  );
}

function answerError(
  answers: PageAnswers,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  refusals: BodyRefusals | undefined,
) {
  if (error instanceof UploadRefusal) {
    // The rest of an upload refused midway is never read: the connection closes instead.
    reply.header("connection", "close");
    return answers.refuse(request, reply, error.status, error.message);
  }
  if (error.code?.startsWith("FST_CSRF")) {
    return answers.refuse(request, reply, 403, answers.messages.csrf);
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    // Whatever failed (the store, almost always): its name and code, never what was sent.
    return answers.failed(request, reply, error);
  }
  return answers.refuse(
    request,
    reply,
    status,
    refusalMessage(status, refusals ?? answers.messages),
  );
}
