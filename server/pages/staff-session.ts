/**
 * The staff area's cookies: the session (who is signed in) and the CSRF secret, and what a CSRF
 * token is bound to. Registered by the door (page-door.ts) for every page it serves.
 */
import fastifyCookie from "@fastify/cookie";
import fastifyCsrfProtection from "@fastify/csrf-protection";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isLoopback } from "../http/request-guards.ts";
import { type SignedIn, type StaffAuth, tokenHash } from "../staff/auth/staff-auth.ts";

export const sessionCookie = "staff_session";
const csrfCookie = "staff_csrf";
/** The secret (server_secrets) CSRF tokens are keyed with. */
export const csrfKeySecretName = "csrf-tokens";

declare module "fastify" {
  interface FastifyRequest {
    /** The CSRF token the form carried: its `_csrf` field, read by the door. */
    formCsrfToken?: string;
  }
}

/** Secure cookies everywhere but plain-http localhost (a browser would drop them there). */
function cookieOptions(request: FastifyRequest) {
  return {
    path: "/staff",
    httpOnly: true,
    sameSite: "strict" as const,
    secure: !(request.protocol === "http" && isLoopback(request.hostname)),
  };
}

/**
 * What a CSRF token is bound to: the session its page was shown in, or none. A token from
 * before sign-in, or from another session (even with that session's CSRF cookie), does not pass.
 */
function csrfBinding(sessionToken: string | undefined): string {
  return sessionToken ? `session:${tokenHash(sessionToken)}` : "no-session";
}

/** Cookies and CSRF protection in the door's scope; `csrfKey` is the same on every server. */
export async function registerStaffCookies(scope: FastifyInstance, csrfKey: Buffer) {
  scope.decorateRequest("formCsrfToken", undefined);
  // The CSRF check reads the cookies @fastify/cookie parses: that plugin first, awaited.
  await scope.register(fastifyCookie);
  await scope.register(fastifyCsrfProtection, {
    cookieKey: csrfCookie,
    cookieOpts: { path: "/staff", httpOnly: true, sameSite: "strict" },
    csrfOpts: { hmacKey: csrfKey },
    getUserInfo: (request) => csrfBinding(request.cookies[sessionCookie]),
    getToken: (request) => request.formCsrfToken,
  });
}

/** The signed-in staff member of this request, if their session is live; a dead cookie is cleared. */
export async function sessionOf(
  request: FastifyRequest,
  reply: FastifyReply,
  auth: StaffAuth,
): Promise<SignedIn | undefined> {
  const token = request.cookies[sessionCookie];
  const signedIn = token ? await auth.session(token) : undefined;
  if (token && !signedIn) reply.clearCookie(sessionCookie, cookieOptions(request));
  return signedIn;
}

/** A CSRF token for this page's forms, bound to its session. */
export function csrfTokenFor(reply: FastifyReply, signedIn: SignedIn | undefined): string {
  return reply.generateCsrf({
    ...cookieOptions(reply.request),
    userInfo: signedIn ? `session:${signedIn.tokenHash}` : csrfBinding(undefined),
  });
}

/** A session started by the sign-in action: the old one ends, the cookie is set. */
export async function startSession(
  reply: FastifyReply,
  auth: StaffAuth,
  token: string,
  previous: SignedIn | undefined,
) {
  if (previous) await auth.signOut(previous);
  reply.setCookie(sessionCookie, token, cookieOptions(reply.request));
  // A new CSRF secret with the new session: the next page makes it.
  reply.clearCookie(csrfCookie, cookieOptions(reply.request));
}

/** The sign-out action: the session ends in the store, then its cookie. */
export async function endSession(reply: FastifyReply, auth: StaffAuth, signedIn?: SignedIn) {
  if (signedIn) await auth.signOut(signedIn);
  // The next page's token is bound to no session: this session's tokens stop passing.
  reply.clearCookie(sessionCookie, cookieOptions(reply.request));
}
