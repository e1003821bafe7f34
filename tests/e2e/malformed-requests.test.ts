// Whatever a client sends, the real server (built site, React Router's server build, a real
// store) answers below 500, keeps answering /healthz, and stores nothing invalid. Requests go
// over raw sockets, so a broken Host, no Host, invalid UTF-8 and wrong lengths arrive as sent.
// The generator is seeded: a failure names the case and the seed that replay it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { siteForTests } from "./harness.ts";
import { seededMalformedRequests, validAppeal } from "./malformed-request-cases.ts";
import { rawBody, sendRaw } from "./raw-http.ts";

const env = siteForTests({ rateLimit: { perMinute: 1_000_000, perDay: 1_000_000 } });

// The first half of the seeded cases; the second runs beside it, in malformed-requests-second-half.test.ts.
seededMalformedRequests(env, 1, 2);

test("no Host at all (HTTP/1.0), an empty Host, a bad Host: 400 in Russian on every route", async () => {
  const port = Number(new URL(env.site.baseUrl).port);
  const body = new URLSearchParams({ first_name: "Анна" }).toString();
  for (const [target, type] of [
    ["/appeals", "application/x-www-form-urlencoded"],
    ["/api/users/appeals/", "application/json"],
  ]) {
    for (const host of [undefined, "", "[", "a b", "127.0.0.1:99999"]) {
      const version = host === undefined ? "HTTP/1.0" : "HTTP/1.1";
      const hostLine = host === undefined ? "" : `Host: ${host}\r\n`;
      const answer = await sendRaw(
        port,
        `POST ${target} ${version}\r\n${hostLine}Content-Type: ${type}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      assert.equal(answer.status, 400, `${target} Host: ${host}`);
      assert.match(rawBody(answer), /Неверный заголовок Host/, `${target} Host: ${host}`);
    }
  }
});

test("a valid appeal followed by stray bytes in the same write is stored with its address", async () => {
  const port = Number(new URL(env.site.baseUrl).port);
  const marker = `stray-${Date.now()}@example.ru`;
  const json = JSON.stringify({ ...validAppeal(), email: marker });
  const length = Buffer.byteLength(json);
  await sendRaw(
    port,
    `POST /api/users/appeals/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n${json}\u0000\u0001garbage that is no request\r\n\r\n`,
  );
  // The server may answer and close at once: give the insert a moment to commit.
  for (let attempt = 0; attempt < 50; attempt++) {
    const stored = (await env.site.data.appeals.list()).find((appeal) => appeal.email === marker);
    if (stored) {
      assert.equal(stored.client_ip, "127.0.0.1");
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail("the appeal was not stored");
});

test("injection-looking text is stored verbatim and shown escaped on the page that repeats it", async () => {
  const port = Number(new URL(env.site.baseUrl).port);
  const comment = `<script>alert("x")</script><img src=x onerror=alert(1)> '; DROP TABLE appeals; --`;
  // An invalid first name: the page comes back with the answers filled in.
  const body = new URLSearchParams({
    ...validAppeal(),
    first_name: "1",
    consent: "on",
    comment,
  }).toString();
  const answer = await sendRaw(
    port,
    `POST /appeals HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  assert.equal(answer.status, 400);
  const page = rawBody(answer);
  assert.ok(!page.includes('<script>alert("x")</script>'), "never as markup");
  assert.ok(!page.includes("<img src=x"), "never as markup");
  assert.ok(page.includes("&lt;script&gt;alert"), "shown as text");

  const api = await fetch(`http://127.0.0.1:${port}/api/users/appeals/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...validAppeal(), comment }),
  });
  assert.equal(api.status, 201);
  const { id } = (await api.json()) as { id: string };
  const stored = (await env.site.data.appeals.list()).find((appeal) => appeal.id === id);
  assert.equal(stored?.comment, comment);
});
