// For tests: sign-in attempts as a browser sends them (its cookies, its form's CSRF token), from
// a chosen client address, over fastify inject; and small counters of their answers.
import assert from "node:assert/strict";
import type { FastifyInstance } from "fastify";
import { csrfTokenIn, StaffClient } from "./staff-test-app.ts";

export type Answer = { status: number; ms: number };

/** One sign-in POST with the given browser's cookies and token, from `address`. */
export async function postSignIn(
  app: FastifyInstance,
  browser: StaffClient,
  fields: { login: string; password: string },
  address: string,
): Promise<Answer> {
  const started = performance.now();
  const body = new URLSearchParams({ ...fields, _csrf: browser.csrfToken });
  const response = await app.inject({
    method: "POST",
    url: "/staff/login",
    remoteAddress: address,
    headers: {
      host: "localhost:8000",
      origin: "http://localhost:8000",
      cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      "content-type": "application/x-www-form-urlencoded",
    },
    payload: body.toString(),
  });
  return { status: response.statusCode, ms: performance.now() - started };
}

/** A browser that has fetched the sign-in form from `address`: its cookie and token. */
export async function browserWithForm(app: FastifyInstance, address: string): Promise<StaffClient> {
  const browser = new StaffClient(app);
  const form = await app.inject({
    method: "GET",
    url: "/staff/login",
    remoteAddress: address,
    headers: { host: "localhost:8000" },
  });
  for (const cookie of form.cookies) browser.cookies.set(cookie.name, cookie.value);
  browser.csrfToken = csrfTokenIn(form.body) ?? "";
  assert.ok(browser.csrfToken, "the form carries a token");
  return browser;
}

export function countStatuses(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
