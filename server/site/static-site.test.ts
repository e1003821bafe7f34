import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import { type DataLayer, openDataLayer } from "../db/data-layer.ts";
import { loadSiteFiles } from "./site-files.ts";

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

let data: DataLayer;
let dir: string;
let app: FastifyInstance;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), "site-fixture-"));
  await writeFixtureSite(dir);
  data = await openDataLayer({ kind: "sqlite", path: join(dir, "data", "appeals.sqlite") });
  app = buildApp({
    config: { logLevel: "silent" },
    data,
    site: await loadSiteFiles(dir),
  });
});

after(async () => {
  await app.close();
  await data.close();
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
});

describe("downloads and conditional requests", () => {
  const pdf = "%PDF-1.4 sample %%EOF";

  test("Range: 206 with the bytes asked for; suffix and open ranges too", async () => {
    const full = await app.inject({ url: "/docs/ustav.pdf" });
    assert.equal(full.headers["accept-ranges"], "bytes");
    for (const [range, start, end] of [
      ["bytes=0-3", 0, 3],
      ["bytes=5-", 5, pdf.length - 1],
      ["bytes=-5", pdf.length - 5, pdf.length - 1],
      ["bytes=2-2", 2, 2],
    ] as const) {
      const response = await app.inject({ url: "/docs/ustav.pdf", headers: { range } });
      assert.equal(response.statusCode, 206, range);
      assert.equal(response.body, pdf.slice(start, end + 1), range);
      assert.equal(response.headers["content-range"], `bytes ${start}-${end}/${pdf.length}`);
      assert.equal(response.headers["content-length"], String(end - start + 1));
      assert.equal(response.headers["content-encoding"], undefined);
    }
  });

  test("an unsatisfiable range: 416 with the size; a malformed one: the whole file", async () => {
    const beyond = await app.inject({ url: "/docs/ustav.pdf", headers: { range: "bytes=999-" } });
    assert.equal(beyond.statusCode, 416);
    assert.equal(beyond.headers["content-range"], `bytes */${pdf.length}`);
    for (const range of ["bytes=abc", "lines=1-2", "bytes=5-1"]) {
      const response = await app.inject({ url: "/docs/ustav.pdf", headers: { range } });
      assert.ok([200, 416].includes(response.statusCode), range);
      if (response.statusCode === 200) assert.equal(response.body, pdf, range);
    }
  });

  test("If-Range: the range while the file is unchanged, the whole file once it changed", async () => {
    const { etag, "last-modified": modified } = (await app.inject({ url: "/docs/ustav.pdf" }))
      .headers;
    const same = await app.inject({
      url: "/docs/ustav.pdf",
      headers: { range: "bytes=0-3", "if-range": String(etag) },
    });
    assert.equal(same.statusCode, 206);
    const sameDate = await app.inject({
      url: "/docs/ustav.pdf",
      headers: { range: "bytes=0-3", "if-range": String(modified) },
    });
    assert.equal(sameDate.statusCode, 206);
    for (const ifRange of ['"another-version"', "Mon, 01 Jan 2001 00:00:00 GMT"]) {
      const changed = await app.inject({
        url: "/docs/ustav.pdf",
        headers: { range: "bytes=0-3", "if-range": ifRange },
      });
      assert.equal(changed.statusCode, 200, ifRange);
      assert.equal(changed.body, pdf);
    }
  });

  test("If-Modified-Since and If-None-Match (a list, weak form, *): 304 without a body", async () => {
    const first = await app.inject({ url: "/docs/ustav.pdf" });
    const etag = String(first.headers.etag);
    const modified = String(first.headers["last-modified"]);
    assert.ok(!Number.isNaN(Date.parse(modified)));
    for (const headers of [
      { "if-modified-since": modified },
      { "if-none-match": `"x", ${etag}` },
      { "if-none-match": `W/${etag}` },
      { "if-none-match": "*" },
    ]) {
      const response = await app.inject({ url: "/docs/ustav.pdf", headers });
      assert.equal(response.statusCode, 304, JSON.stringify(headers));
      assert.equal(response.body, "");
      assert.equal(response.headers.etag, etag);
    }
    const older = await app.inject({
      url: "/docs/ustav.pdf",
      headers: { "if-modified-since": "Mon, 01 Jan 2001 00:00:00 GMT" },
    });
    assert.equal(older.statusCode, 200);
    const otherTag = await app.inject({
      url: "/docs/ustav.pdf",
      headers: { "if-none-match": '"x"', "if-modified-since": modified },
    });
    assert.equal(otherTag.statusCode, 200, "If-None-Match decides when both are sent");
  });

  test("Accept-Encoding q-values are honoured: q=0 refuses, higher q wins", async () => {
    const cases: Array<[string, string | undefined]> = [
      ["br;q=0, gzip", "gzip"],
      ["gzip;q=0.5, br;q=0.9", "br"],
      ["br;q=0.5, gzip;q=0.9", "gzip"],
      ["gzip, br", "br"],
      ["br;q=0, gzip;q=0", undefined],
      ["identity", undefined],
      ["*;q=0.1, br;q=0", "gzip"],
      ["", undefined],
    ];
    for (const [accept, encoding] of cases) {
      const response = await app.inject({ url: "/", headers: { "accept-encoding": accept } });
      assert.equal(response.headers["content-encoding"], encoding, accept);
      assert.equal(response.headers.vary, "accept-encoding");
    }
  });

  test("HEAD: the GET's headers and length, no body", async () => {
    const get = await app.inject({ url: "/docs/ustav.pdf" });
    const head = await app.inject({ method: "HEAD", url: "/docs/ustav.pdf" });
    assert.equal(head.statusCode, 200);
    assert.equal(head.body, "");
    assert.equal(head.headers["content-length"], get.headers["content-length"]);
    assert.equal(head.headers.etag, get.headers.etag);
    assert.equal(head.headers["accept-ranges"], "bytes");
  });
});

describe("health and unknown API addresses", () => {
  test("GET /healthz is 503 when the store does not answer", async () => {
    const failing: DataLayer = {
      ...data,
      kind: "postgres",
      ping: async () => {
        throw new Error("connection refused");
      },
      close: async () => {},
    };
    const unhealthy = buildApp({
      config: { logLevel: "silent" },
      data: failing,
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
