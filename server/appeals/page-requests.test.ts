// POST /appeals (the form without JavaScript) reaches React Router with the submitter in its
// context. React Router itself is stood in for by a handler that does what the route action does.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { RequestHandler } from "react-router";
import { requiredMessage } from "../../domain/appeals/appeal-schema.ts";
import { appealSubmitterContext } from "../../domain/appeals/appeal-submitter.ts";
import type { SubmitResult } from "../../domain/appeals/submit-result.ts";
import { createSqliteDatabase, type TestDatabase } from "../store/test-databases.ts";
import { startTestApp, type TestApp, validAppeal } from "./test-app.ts";

type Seen = { method: string; url: string; origin: string | null; result: SubmitResult };
const seen: Seen[] = [];

// Like app/routes/appeals.tsx's action: read the form, call the submitter, render the result.
const fakeReactRouter: RequestHandler = async (request, context) => {
  const submit = context?.get(appealSubmitterContext);
  assert.ok(submit, "the submitter is in the context");
  const result = await submit((await request.formData()).entries(), request);
  seen.push({
    method: request.method,
    url: request.url,
    origin: request.headers.get("origin"),
    result,
  });
  return new Response(`<h1>${result.status}</h1>`, {
    status: result.status === "invalid" ? 400 : 200,
    headers: { "content-type": "text/html; charset=utf-8", "x-from-router": "yes" },
  });
};

function formBody(fields: Record<string, unknown>) {
  return new URLSearchParams(
    Object.entries(fields).map(([key, value]) => [key, String(value)]),
  ).toString();
}

describe("POST /appeals goes to React Router with the appeal submitter", () => {
  let database: TestDatabase;
  let site: TestApp;
  before(async () => {
    database = await createSqliteDatabase();
    site = await startTestApp({ databaseUrl: database.url, pageHandler: fakeReactRouter });
  });
  after(async () => {
    await site?.close();
    await database?.drop();
  });

  test("a ticked form is stored with consent evidence; the router's answer is sent back", async () => {
    const response = await site.app.inject({
      method: "POST",
      url: "/appeals",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "user-agent": "NoScript Browser",
        origin: "http://localhost:8000",
        host: "localhost:8000",
      },
      payload: formBody(validAppeal({ consent: "on", website: "" })),
    });
    assert.equal(response.statusCode, 200);
    assert.equal(response.body, "<h1>created</h1>");
    assert.equal(response.headers["x-from-router"], "yes");
    assert.match(String(response.headers["content-type"]), /^text\/html/);
    assert.equal(response.headers["cache-control"], "no-store");
    const last = seen.at(-1);
    assert.equal(last?.method, "POST");
    assert.equal(last?.url, "http://localhost:8000/appeals");
    assert.equal(last?.origin, "http://localhost:8000");
    assert.equal(last?.result.status, "created");
    const stored = await site.store.listAppeals();
    assert.equal(stored.length, 1);
    assert.equal(stored[0]?.client_ip, "127.0.0.1");
    assert.equal(stored[0]?.user_agent, "NoScript Browser");
    assert.equal(stored[0]?.consent, true);
  });

  test("an unticked form: the submitter answers invalid with the per-field message", async () => {
    const { consent: _consent, ...rest } = validAppeal();
    const response = await site.app.inject({
      method: "POST",
      url: "/appeals",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: formBody(rest),
    });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(seen.at(-1)?.result, {
      status: "invalid",
      errors: { consent: requiredMessage },
    });
  });

  test("a 5000-letter Cyrillic comment fits (about 30 KB once percent-encoded)", async () => {
    const payload = formBody(validAppeal({ consent: "on", comment: "ж".repeat(5000) }));
    assert.ok(payload.length > 16 * 1024);
    const response = await site.app.inject({
      method: "POST",
      url: "/appeals",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload,
    });
    assert.equal(response.statusCode, 200);
    assert.equal(seen.at(-1)?.result.status, "created");
  });

  test("too large: 413; JSON or text: 415; both in Russian, nothing stored", async () => {
    const before = (await site.store.listAppeals()).length;
    const large = await site.app.inject({
      method: "POST",
      url: "/appeals",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `comment=${"x".repeat(70 * 1024)}`,
    });
    assert.equal(large.statusCode, 413);
    assert.match(large.body, /слишком большое/);
    for (const type of ["application/json", "text/plain"]) {
      const response = await site.app.inject({
        method: "POST",
        url: "/appeals",
        headers: { "content-type": type },
        payload: JSON.stringify(validAppeal()),
      });
      assert.equal(response.statusCode, 415, type);
      assert.match(response.body, /Неподдерживаемый формат/);
    }
    assert.equal((await site.store.listAppeals()).length, before);
  });

  test("GET /appeals is still the prerendered page", async () => {
    const response = await site.app.inject({ method: "GET", url: "/appeals" });
    assert.equal(response.statusCode, 200);
    assert.equal(response.body, "<h1>Обращения граждан</h1>");
  });

  test("the form path shares the API's rate limit per address", async () => {
    const limited = await startTestApp({
      databaseUrl: database.url,
      pageHandler: fakeReactRouter,
      rateLimit: { perMinute: 1, perDay: 10 },
    });
    try {
      const post = () =>
        limited.app.inject({
          method: "POST",
          url: "/appeals",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: formBody(validAppeal({ consent: "on" })),
        });
      await post();
      assert.equal(seen.at(-1)?.result.status, "created");
      await post();
      assert.equal(seen.at(-1)?.result.status, "rate-limited");
      const api = await limited.app.inject({
        method: "POST",
        url: "/api/users/appeals/",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(validAppeal()),
      });
      assert.equal(api.statusCode, 429);
    } finally {
      await limited.app.close();
      await limited.store.close();
    }
  });
});

describe("without a server build", () => {
  test("POST /appeals is not served", async () => {
    const database = await createSqliteDatabase();
    const site = await startTestApp({ databaseUrl: database.url });
    try {
      const response = await site.app.inject({
        method: "POST",
        url: "/appeals",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "a=b",
      });
      assert.equal(response.statusCode, 404);
    } finally {
      await site.close();
      await database.drop();
    }
  });
});
