// The whole set of security headers, pinned per kind of answer: loosening any directive (adding
// 'unsafe-inline', dropping frame-ancestors, allowing another frame host) fails here.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import { type DataLayer, openDataLayer } from "../db/data-layer.ts";
import { loadSiteFiles } from "../site/site-files.ts";

const css = "body{color:#111}";
const pageCss = ".map{inline-size:100%}";
const toggle = "document.documentElement.dataset.js = 'on';";
const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

const pages: Record<string, string> = {
  "index.html": `<style>${css}</style><h1>Главная</h1>`,
  "contacts/index.html": `<style>${css}</style><style>${pageCss}</style><iframe src="https://yandex.ru/map-widget/v1/"></iframe>`,
  "to_investors/index.html": `<style>${css}</style><script>${toggle}</script>`,
  "appeals/index.html": `<style>${css}</style><script>${toggle}</script><script type="module" src="/assets/app.js"></script>`,
  "404/index.html": `<style>${css}</style><h1>Страница не найдена</h1>`,
  "docs/ustav.pdf": "%PDF-1.4 sample %%EOF",
};

const common = {
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
};

const tail = "img-src 'self' data:;font-src 'self';connect-src 'self'";
const end = "form-action 'self';base-uri 'none';object-src 'none';frame-ancestors 'none'";

let dir: string;
let app: FastifyInstance;
let data: DataLayer;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), "headers-site-"));
  data = await openDataLayer({ kind: "sqlite", path: join(dir, "store", "appeals.sqlite") });
  for (const [name, body] of Object.entries(pages)) {
    await mkdir(join(dir, name, ".."), { recursive: true });
    await writeFile(join(dir, name), body);
  }
  app = buildApp({ config: { logLevel: "silent" }, data, site: await loadSiteFiles(dir) });
  await app.ready();
});

after(async () => {
  await app.close();
  await data.close();
  await rm(dir, { recursive: true, force: true });
});

async function headersOf(url: string, method: "GET" | "POST" = "GET") {
  const response = await app.inject({ method, url });
  return response.headers;
}

function assertCommon(headers: Record<string, unknown>, where: string) {
  for (const [name, value] of Object.entries(common)) {
    assert.equal(headers[name], value, `${where}: ${name}`);
  }
}

describe("Content-Security-Policy of each prerendered page: its own hashes, nothing inline else", () => {
  const expected: Record<string, string> = {
    "/": `default-src 'self';script-src 'none';style-src ${hash(css)};${tail};frame-src 'none';${end}`,
    "/contacts": `default-src 'self';script-src 'none';style-src ${hash(css)} ${hash(pageCss)};${tail};frame-src https://yandex.ru;${end}`,
    "/to_investors": `default-src 'self';script-src 'self' ${hash(toggle)};style-src ${hash(css)};${tail};frame-src https://land-map.agrochem-kirov.example;${end}`,
    "/appeals": `default-src 'self';script-src 'self' ${hash(toggle)};style-src ${hash(css)};${tail};frame-src 'none';${end}`,
    "/no-such-page": `default-src 'self';script-src 'none';style-src ${hash(css)};${tail};frame-src 'none';${end}`,
  };
  for (const [url, policy] of Object.entries(expected)) {
    test(url, async () => {
      const headers = await headersOf(url);
      assert.equal(headers["content-security-policy"], policy);
      assertCommon(headers, url);
    });
  }
});

describe("every other answer: the site's own inline blocks by hash, nothing else inline", () => {
  const styles = [...new Set([hash(css), hash(pageCss)])].join(" ");
  // A server-rendered page (the no-JS form's answer) carries the same build-time blocks; no
  // answer carries inline code of its own, so there is no nonce to hand out.
  const policy = `default-src 'self';script-src 'self' ${hash(toggle)};style-src ${styles};${tail};frame-src 'none';${end}`;
  for (const [url, method] of [
    ["/api/users/appeals/", "GET"],
    ["/api/users/appeals/", "POST"],
    ["/appeals", "POST"],
    ["/healthz", "GET"],
    ["/docs/ustav.pdf", "GET"],
  ] as const) {
    test(`${method} ${url}`, async () => {
      const headers = await headersOf(url, method);
      assert.equal(headers["content-security-policy"], policy);
      assertCommon(headers, `${method} ${url}`);
    });
  }
});

test("no policy anywhere allows inline code without a hash or nonce, eval, or any frame host", async () => {
  for (const url of ["/", "/contacts", "/to_investors", "/appeals", "/api/x", "/docs/ustav.pdf"]) {
    const csp = String((await headersOf(url))["content-security-policy"]);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|unsafe-hashes|\*|https:(?!\/\/)/, url);
    assert.match(csp, /frame-ancestors 'none'/, url);
    assert.doesNotMatch(csp, /localhost/, url);
  }
});

test("in development the pages may call the API on localhost:8000, and only then", async () => {
  const development = buildApp({
    config: { logLevel: "silent", allowLocalhostOrigins: true },
    data,
    site: await loadSiteFiles(dir),
  });
  const response = await development.inject({ url: "/appeals" });
  assert.match(
    String(response.headers["content-security-policy"]),
    /;connect-src 'self' http:\/\/localhost:8000;/,
  );
  await development.close();
});
