// The Gosuslugi feedback widget (ПОС) on /appeals: present with POS_WIDGET_ID, absent without it.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, describe, test } from "node:test";
import type { FastifyInstance } from "fastify";
import { appealChannelNote, posWidgetTexts } from "../../content/pos-widget.ts";
import { buildApp } from "../../server/app.ts";
import { type DataLayer, openDataLayer } from "../../server/db/data-layer.ts";
import { loadPageHandler } from "../../server/pages/react-router-bridge.ts";
import { posWidgetStartScript } from "../../server/site/pos-widget.ts";
import { loadSiteFiles } from "../../server/site/site-files.ts";
import { createSqliteDatabase, type TestDatabase } from "../support/test-databases.ts";
import { launchBrowser, openPage, serverBuildPath, siteDir } from "./harness.ts";

const posScript = '<script src="https://pos.gosuslugi.ru/bin/script.min.js" defer></script>';

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

let database: TestDatabase;
let data: DataLayer;
before(async () => {
  database = await createSqliteDatabase();
  data = await openDataLayer({ kind: "sqlite", path: database.url.slice("sqlite:".length) });
});
after(async () => {
  await data.close();
  await database.drop();
});

async function appWith(posWidgetId?: string): Promise<FastifyInstance> {
  return buildApp({
    config: { logLevel: "silent", ...(posWidgetId ? { posWidgetId } : {}) },
    data,
    site: await loadSiteFiles(siteDir),
    pageHandler: await loadPageHandler(serverBuildPath),
  });
}

describe("POS_WIDGET_ID set", () => {
  let app: FastifyInstance;
  before(async () => {
    app = await appWith("123456");
  });
  after(() => app.close());

  test("/appeals has the widget above the form, its script and the CSP entry for its host", async () => {
    const response = await app.inject({ url: "/appeals" });
    assert.equal(response.statusCode, 200);
    const html = response.body;
    assert.ok(html.includes(posScript));
    assert.ok(html.includes('data-pos-id="123456"'));
    assert.match(html, /вход через Госуслуги подтверждает личность заявителя/);
    // The platform's cabinet says the button's class must stay; the plain link is the same form.
    assert.match(html, /<button[^>]*class="pos-banner-btn_2[^"]*"/);
    assert.ok(html.includes('<a href="https://pos.gosuslugi.ru/form/?opaId=123456">'));
    assert.ok(html.includes(appealChannelNote), "which channel identifies the citizen");
    assert.ok(
      html.indexOf("pos-widget-title") < html.indexOf("appeal-form-title"),
      "above the form",
    );
    const csp = String(response.headers["content-security-policy"]);
    // The platform's script and frame, and the widget's start script by its hash: no
    // 'unsafe-inline'.
    const scriptSrc = /script-src ([^;]*);/.exec(csp)?.[1] ?? "";
    assert.ok(scriptSrc.split(" ").includes("https://pos.gosuslugi.ru"), scriptSrc);
    assert.ok(scriptSrc.includes(`'sha256-${sha256(posWidgetStartScript)}'`), scriptSrc);
    assert.ok(!csp.includes("unsafe-inline"), csp);
    assert.match(csp, /frame-src https:\/\/pos\.gosuslugi\.ru;/);
  });

  test("the no-JS form's answer page shows the plain link (its policy blocks only the widget's script)", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/appeals",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      payload: "first_name=",
    });
    assert.equal(response.statusCode, 400);
    assert.ok(response.body.includes('<a href="https://pos.gosuslugi.ru/form/?opaId=123456">'));
    assert.ok(!String(response.headers["content-security-policy"]).includes("pos.gosuslugi.ru"));
  });

  test("the compressed /appeals carries the widget too", async () => {
    const response = await app.inject({ url: "/appeals", headers: { "accept-encoding": "gzip" } });
    assert.equal(response.headers["content-encoding"], "gzip");
    const { gunzipSync } = await import("node:zlib");
    assert.ok(gunzipSync(response.rawPayload).toString("utf8").includes(posScript));
  });

  test("other pages neither load the widget nor allow its host", async () => {
    for (const url of ["/", "/contacts"]) {
      const response = await app.inject({ url });
      assert.ok(!response.body.includes("pos.gosuslugi.ru"), url);
      assert.ok(!String(response.headers["content-security-policy"]).includes("pos.gosuslugi.ru"));
    }
  });

  test("in Chromium the page hydrates with the block in place and no console errors", async () => {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    assert.ok(address && typeof address !== "string");
    const browser = await launchBrowser();
    const watched = await openPage(browser);
    try {
      await watched.page.goto(`http://127.0.0.1:${address.port}/appeals`, {
        waitUntil: "networkidle",
      });
      await watched.page.getByRole("heading", { name: "Обращение через Госуслуги" }).waitFor();
      // The platform's script is unreachable here: its button stays hidden, the text and the
      // plain link show.
      assert.equal(await watched.page.locator("#js-show-iframe").isVisible(), false);
      assert.equal(
        await watched.page.getByRole("link", { name: posWidgetTexts.link }).getAttribute("href"),
        "https://pos.gosuslugi.ru/form/?opaId=123456",
      );
      await watched.page.getByLabel("Имя").fill("Иван");
      assert.deepEqual(watched.consoleErrors, []);
    } finally {
      await watched.close();
      await browser.close();
    }
  });
});

describe("POS_WIDGET_ID not set", () => {
  let app: FastifyInstance;
  before(async () => {
    app = await appWith();
  });
  after(() => app.close());

  test("/appeals loads nothing of the widget and its CSP does not name the host", async () => {
    const response = await app.inject({ url: "/appeals" });
    assert.equal(response.statusCode, 200);
    assert.ok(!response.body.includes("pos.gosuslugi.ru"));
    assert.ok(!response.body.includes(posWidgetTexts.title));
    // Which channel identifies the citizen is said with or without the widget.
    assert.ok(response.body.includes(appealChannelNote));
    assert.ok(!String(response.headers["content-security-policy"]).includes("pos.gosuslugi.ru"));
  });
});
