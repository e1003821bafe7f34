import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { loadSiteFiles } from "./site-files.ts";
import type { AppealStore } from "./store/appeal-store.ts";

// A tiny built site on disk, shaped like React Router's prerender output.
async function writeFixtureSite(dir: string) {
  const files: Record<string, string> = {
    "index.html": "<h1>Главная</h1>",
    "contacts/index.html": "<h1>Контакты</h1>",
    "404/index.html": "<h1>Страница не найдена</h1>",
    "assets/site-abc123.css": "body{color:red}",
    "docs/ustav.pdf": "%PDF-1.4 sample %%EOF",
  };
  for (const [name, body] of Object.entries(files)) {
    await mkdir(join(dir, name, ".."), { recursive: true });
    await writeFile(join(dir, name), body);
  }
  await writeFile(join(dir, "index.html.br"), brotliCompressSync("<h1>Главная</h1>"));
  await writeFile(join(dir, "index.html.gz"), gzipSync("<h1>Главная</h1>"));
}

const healthyStore: AppealStore = {
  kind: "sqlite",
  insertAppeal: async () => ({ id: "1", number: "А-2026-000001" }),
  listAppeals: async () => [],
  ping: async () => {},
  close: async () => {},
};

let dir: string;
let app: FastifyInstance;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), "site-fixture-"));
  await writeFixtureSite(dir);
  app = buildApp({
    config: { logLevel: "silent" },
    store: healthyStore,
    site: await loadSiteFiles(dir),
  });
});

after(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe("static site", () => {
  test("pages answer at their address without a trailing slash, HTML revalidated", async () => {
    const response = await app.inject({ url: "/contacts" });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers["content-type"], "text/html; charset=utf-8");
    assert.equal(response.headers["cache-control"], "no-cache");
    assert.equal(response.body, "<h1>Контакты</h1>");
  });

  test("a trailing slash redirects to the one address of the page, keeping the query", async () => {
    const response = await app.inject({ url: "/contacts/?from=menu" });
    assert.equal(response.statusCode, 301);
    assert.equal(response.headers.location, "/contacts?from=menu");
  });

  test("precompressed variants: brotli first, then gzip, else the plain file", async () => {
    const brotli = await app.inject({
      url: "/",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    assert.equal(brotli.headers["content-encoding"], "br");
    assert.equal(brotli.headers.vary, "accept-encoding");
    const gzip = await app.inject({ url: "/", headers: { "accept-encoding": "gzip" } });
    assert.equal(gzip.headers["content-encoding"], "gzip");
    const plain = await app.inject({ url: "/", headers: { "accept-encoding": "identity" } });
    assert.equal(plain.headers["content-encoding"], undefined);
    assert.equal(plain.body, "<h1>Главная</h1>");
  });

  test("hashed assets are cached for a year; other files revalidate", async () => {
    const asset = await app.inject({ url: "/assets/site-abc123.css" });
    assert.equal(asset.headers["cache-control"], "public, max-age=31536000, immutable");
    assert.equal(asset.headers["content-type"], "text/css; charset=utf-8");
    const document = await app.inject({ url: "/docs/ustav.pdf" });
    assert.equal(document.headers["cache-control"], "no-cache");
    assert.equal(document.headers["content-type"], "application/pdf");
  });

  test("ETag: a repeated request with If-None-Match gets 304 without a body", async () => {
    const first = await app.inject({ url: "/contacts" });
    const etag = String(first.headers.etag);
    const second = await app.inject({ url: "/contacts", headers: { "if-none-match": etag } });
    assert.equal(second.statusCode, 304);
    assert.equal(second.body, "");
  });

  test("an unknown page gets the Russian 404 page; an unknown file a plain 404", async () => {
    const page = await app.inject({ url: "/no-such-page" });
    assert.equal(page.statusCode, 404);
    assert.equal(page.body, "<h1>Страница не найдена</h1>");
    const directHit = await app.inject({ url: "/404" });
    assert.equal(directHit.statusCode, 404);
    const file = await app.inject({ url: "/docs/missing.pdf" });
    assert.equal(file.statusCode, 404);
    assert.equal(file.headers["content-type"], "text/plain; charset=utf-8");
  });

  test("a malformed address answers 400, not 500", async () => {
    const response = await app.inject({ url: "/%E0%A4%A" });
    assert.equal(response.statusCode, 400);
  });

  test("HEAD answers like GET without a body", async () => {
    const response = await app.inject({ method: "HEAD", url: "/contacts" });
    assert.equal(response.statusCode, 200);
    assert.equal(response.body, "");
  });

  test("every answer carries the security headers", async () => {
    const response = await app.inject({ url: "/" });
    assert.match(String(response.headers["content-security-policy"]), /object-src 'none'/);
    assert.equal(response.headers["x-content-type-options"], "nosniff");
    assert.equal(response.headers["referrer-policy"], "strict-origin-when-cross-origin");
  });
});

describe("health and unknown API addresses", () => {
  test("GET /healthz is 503 when the store does not answer", async () => {
    const failingStore: AppealStore = {
      ...healthyStore,
      kind: "postgres",
      ping: async () => {
        throw new Error("connection refused");
      },
      close: async () => {},
    };
    const unhealthy = buildApp({
      config: { logLevel: "silent" },
      store: failingStore,
      site: await loadSiteFiles(dir),
    });
    const response = await unhealthy.inject({ url: "/healthz" });
    assert.equal(response.statusCode, 503);
    assert.equal(response.headers["cache-control"], "no-store");
    await unhealthy.close();
  });

  test("an unknown API address answers a JSON 404 that is never cached", async () => {
    const response = await app.inject({ method: "POST", url: "/api/nothing-here" });
    assert.equal(response.statusCode, 404);
    assert.equal(response.headers["cache-control"], "no-store");
    assert.deepEqual(response.json(), { errors: { _form: "Не найдено" } });
  });
});

test("a directory without a built site is refused at start with a clear message", async () => {
  const empty = await mkdtemp(join(tmpdir(), "empty-site-"));
  await assert.rejects(loadSiteFiles(empty), /does not hold a built site \(run npm run build\)/);
  await rm(empty, { recursive: true, force: true });
});
