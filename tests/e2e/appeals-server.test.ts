// The no-JavaScript form against the real React Router server build, over HTTP (no browser):
// POST /appeals reaches the route action through the server's submitter and the store.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { siteForTests } from "./harness.ts";

const env = siteForTests();

const appeal = {
  first_name: "Пётр",
  last_name: "Без-Скриптов",
  email: "petr@example.ru",
  phone: "8 (8332) 64-12-34",
  region: "43 - Кировская область",
  comment: "Обращение, отправленное без JavaScript.",
  consent: "on",
  website: "",
};

function post(fields: Record<string, string>, origin = env.site.baseUrl) {
  return fetch(`${env.site.baseUrl}/appeals`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin, "user-agent": "NoScript/1.0" },
    redirect: "manual",
  });
}

describe("POST /appeals (the form without JavaScript)", () => {
  test("a valid form is stored and the page answers with the success message and number", async () => {
    const response = await post(appeal);
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^text\/html/);
    assert.equal(response.headers.get("cache-control"), "no-store");
    const html = await response.text();
    assert.match(html, /Обращение успешно отправлено/);
    const stored = await env.site.data.appeals.list();
    assert.equal(stored.length, 1);
    assert.ok(html.includes(stored[0]?.number ?? "missing"), "the number is shown");
    assert.equal(stored[0]?.last_name, "Без-Скриптов");
    assert.equal(stored[0]?.phone_normalized, "+78332641234");
    assert.equal(stored[0]?.user_agent, "NoScript/1.0");
    assert.equal(stored[0]?.client_ip, "127.0.0.1");
  });

  test("an empty form: 400, the page with 'Это обязательное поле', nothing stored", async () => {
    const before = (await env.site.data.appeals.list()).length;
    const response = await post({ first_name: "", comment: "" });
    assert.equal(response.status, 400);
    const html = await response.text();
    assert.ok((html.match(/Это обязательное поле/g) ?? []).length >= 6);
    assert.equal((await env.site.data.appeals.list()).length, before);
  });

  test("a post from another origin is refused before React Router (403 in Russian), nothing stored", async () => {
    const before = (await env.site.data.appeals.list()).length;
    const response = await post(appeal, "http://evil.example");
    assert.equal(response.status, 403);
    assert.match(await response.text(), /Запрос отправлен с другого сайта и отклонён/);
    assert.equal((await env.site.data.appeals.list()).length, before);
  });
});
