// POST /appeals (the form without JavaScript) reaches React Router through the pages' door, with
// the form read and the submitter in the page's context. React Router itself is stood in for by a
// handler that does what the route action does.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { RequestHandler } from "react-router";
import { messages, requiredMessage } from "../../domain/appeals/appeal-schema.ts";
import type { SubmitResult } from "../../domain/appeals/submit-result.ts";
import { pageContext } from "../../domain/pages/page-context.ts";
import { startTestApp, type TestApp, validAppeal } from "../../tests/support/test-app.ts";
import { createSqliteDatabase, type TestDatabase } from "../../tests/support/test-databases.ts";
import { problemMessages } from "../http/problem-answer.ts";

type Seen = { method: string; url: string; origin: string | null; result: SubmitResult };
const seen: Seen[] = [];

// Like app/routes/appeals.tsx's action: read the form, call the submitter, render the result.
const fakeReactRouter: RequestHandler = async (request, context) => {
  const page = context?.get(pageContext);
  assert.ok(page?.form, "the form the door read is in the context");
  const { refusal } = page.form;
  if (refusal) {
    // An upload refused while it streamed in: the action shows why and submits nothing.
    return new Response(`<p>${refusal.message}</p>`, {
      status: refusal.status,
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  }
  const result = await page.services.appealForm(page.form.fields.entries(), page.client);
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

/** POST /appeals as the page's form sends it, with extra or replaced headers. */
function postForm(testApp: TestApp, payload: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({
    method: "POST",
    url: "/appeals",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload,
  });
}

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
    const stored = await site.data.appeals.list();
    assert.equal(stored.length, 1);
    assert.equal(stored[0]?.client_ip, "127.0.0.1");
    assert.equal(stored[0]?.user_agent, "NoScript Browser");
    assert.equal(stored[0]?.consent, true);
  });

  test("an unticked form: the submitter answers invalid with the per-field message", async () => {
    const { consent: _consent, ...rest } = validAppeal();
    const response = await postForm(site, formBody(rest));
    assert.equal(response.statusCode, 400);
    assert.deepEqual(seen.at(-1)?.result, {
      status: "invalid",
      errors: { consent: requiredMessage },
    });
  });

  test("a 5000-letter Cyrillic comment fits (about 30 KB once percent-encoded)", async () => {
    const payload = formBody(validAppeal({ consent: "on", comment: "ж".repeat(5000) }));
    assert.ok(payload.length > 16 * 1024);
    const response = await postForm(site, payload);
    assert.equal(response.statusCode, 200);
    assert.equal(seen.at(-1)?.result.status, "created");
  });

  test("too large: 413; JSON or text: 415; both in Russian, nothing stored", async () => {
    const before = (await site.data.appeals.list()).length;
    const large = await postForm(site, `comment=${"x".repeat(70 * 1024)}`);
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
    assert.equal((await site.data.appeals.list()).length, before);
  });

  test("a field given twice is refused, not the last one kept (first_name=<script>&first_name=Anna)", async () => {
    const before = (await site.data.appeals.list()).length;
    const response = await postForm(
      site,
      `first_name=${encodeURIComponent("<script>")}&${formBody(validAppeal({ consent: "on" }))}`,
    );
    assert.equal(response.statusCode, 400);
    assert.deepEqual(seen.at(-1)?.result, {
      status: "invalid",
      errors: { first_name: messages.wrongType },
    });
    assert.equal((await site.data.appeals.list()).length, before);
  });

  test("another site's form: 403 as a Russian page, React Router never reached, nothing stored", async () => {
    const before = (await site.data.appeals.list()).length;
    const seenBefore = seen.length;
    const attacks: Array<Record<string, string>> = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of attacks) {
      const response = await postForm(site, formBody(validAppeal({ consent: "on" })), headers);
      assert.equal(response.statusCode, 403, JSON.stringify(headers));
      assert.match(String(response.headers["content-type"]), /^text\/html/);
      assert.ok(response.body.includes(problemMessages.crossOrigin));
      assert.match(response.body, /<html lang="ru">/);
    }
    assert.equal(seen.length, seenBefore);
    assert.equal((await site.data.appeals.list()).length, before);
  });

  test("no content type, a broken multipart, an empty body: 4xx as a Russian page, never 5xx", async () => {
    const cases: Array<[Record<string, string>, string, number, RegExp]> = [
      [{}, formBody(validAppeal({ consent: "on" })), 415, /Неподдерживаемый формат запроса/],
      [{ "content-type": "text/plain" }, "a", 415, /Неподдерживаемый формат запроса/],
      // Multipart is the form with files (decision 0045): a broken one is unreadable, not stored.
      [{ "content-type": "multipart/form-data; boundary=x" }, "--x\r\nbroken", 400, /прочитать/],
      [{ "content-type": "multipart/form-data" }, "", 400, /boundary/],
    ];
    const before = seen.length;
    for (const [headers, payload, status, message] of cases) {
      const response = await site.app.inject({ method: "POST", url: "/appeals", headers, payload });
      assert.equal(response.statusCode, status, payload);
      assert.match(String(response.headers["content-type"]), /^text\/html/);
      assert.match(response.body, message);
    }
    assert.equal(seen.length, before);
    const empty = await postForm(site, "");
    assert.equal(empty.statusCode, 400);
    assert.equal(seen.at(-1)?.result.status, "invalid");
  });

  test("a malformed Host: 400 as a Russian page, never 5xx", async () => {
    // An empty Host and none at all need a real socket: see tests/e2e/malformed-requests.test.ts.
    for (const host of ["[", "a b", "127.0.0.1:99999", "a/b", "[::1", "a:b:c"]) {
      const response = await postForm(site, formBody(validAppeal({ consent: "on" })), { host });
      assert.equal(response.statusCode, 400, `Host: ${host}`);
      assert.ok(response.body.includes(problemMessages.badHost), host);
    }
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
      const post = () => postForm(limited, formBody(validAppeal({ consent: "on" })));
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
      await limited.close();
    }
  });
});

describe("without a server build", () => {
  test("POST /appeals is not served: 405, pages answer GET and HEAD", async () => {
    const database = await createSqliteDatabase();
    const site = await startTestApp({ databaseUrl: database.url });
    try {
      const response = await postForm(site, "a=b");
      assert.equal(response.statusCode, 405);
      assert.equal(response.headers.allow, "GET, HEAD");
      assert.match(response.body, /Метод не поддерживается/);
    } finally {
      await site.close();
      await database.drop();
    }
  });
});
