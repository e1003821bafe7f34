import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import type { IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { overTheWire } from "../../tests/support/over-the-wire.ts";
import { buildApp } from "../app.ts";
import { type DataLayer, openDataLayer } from "../db/data-layer.ts";
import { inlineSources } from "../http/content-security-policy.ts";
import type { SiteFile, SiteFiles } from "./site-files.ts";

function page(html: string): SiteFile {
  const body = Buffer.from(html);
  return {
    body,
    brotli: brotliCompressSync(body),
    gzip: gzipSync(body),
    contentType: "text/html; charset=utf-8",
    cacheControl: "no-cache",
    etag: `"${body.length}"`,
    modified: new Date("2026-11-22T00:00:00Z"),
    inline: inlineSources(html),
  };
}

const site: SiteFiles = {
  byPath: new Map([
    ["/", page("<h1>Главная</h1><style>h1{color:green}</style>")],
    ["/contacts", page("<h1>Контакты</h1>")],
    // A path a route of its own answers (registered below): the lane must leave it to Fastify.
    ["/taken", page("<h1>Файл</h1>")],
  ]),
  notFoundPage: page("<h1>Страница не найдена</h1>"),
};

/** Headers that differ between two answers for reasons of the moment or the connection. */
function comparable(headers: IncomingHttpHeaders | Record<string, unknown>) {
  const { date: _date, connection: _connection, "keep-alive": _keepAlive, ...rest } = headers;
  return Object.fromEntries(Object.entries(rest).map(([name, value]) => [name, String(value)]));
}

let dir: string;
let data: DataLayer;
let app: FastifyInstance;
let port: number;
const logLines: string[] = [];

before(async () => {
  dir = await mkdtemp(join(tmpdir(), "fast-lane-"));
  data = await openDataLayer({ kind: "sqlite", path: join(dir, "appeals.sqlite") });
  app = buildApp({
    config: { logLevel: "info" },
    data,
    site,
    logStream: { write: (line) => void logLines.push(line) },
  });
  app.get("/taken", async () => "the route's own answer");
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  assert.ok(address && typeof address === "object");
  port = address.port;
});

after(async () => {
  await app.close();
  await data.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the pages' fast lane", () => {
  test("answers a plain GET or HEAD of a page exactly as Fastify's route does", async () => {
    for (const method of ["GET", "HEAD"]) {
      for (const path of ["/", "/contacts", "/?utm_source=mail"]) {
        for (const accept of [undefined, "br", "gzip, deflate", "gzip, deflate, br, zstd"]) {
          const headers: Record<string, string> = accept ? { "accept-encoding": accept } : {};
          const before = logLines.length;
          const wire = await overTheWire(port, method, path, headers);
          const injected = await app.inject({ method: method as "GET", url: path, headers });
          const what = `${method} ${path} (${accept ?? "no Accept-Encoding"})`;
          assert.equal(wire.status, 200, what);
          assert.equal(injected.statusCode, 200, what);
          assert.deepEqual(comparable(wire.headers), comparable(injected.headers), what);
          assert.deepEqual(wire.body, injected.rawPayload, what);
          // The lane answered: its line has no Fastify request id, and it was written.
          const pathOnly = path.split("?")[0];
          const laneLine = logLines
            .slice(before)
            .map((line) => JSON.parse(line) as Record<string, unknown>)
            .find((line) => line.msg === "request" && line.reqId === undefined);
          assert.ok(laneLine, `${what}: the lane's log line`);
          assert.deepEqual(
            { method: laneLine.method, path: laneLine.path, status: laneLine.status },
            { method, path: pathOnly, status: 200 },
          );
        }
      }
    }
  });

  test("counts its answers in the metrics under the site's route", async () => {
    const metrics = async () =>
      (await app.inject({ method: "GET", url: "/metrics" })).body
        .split("\n")
        .find((line) => line.startsWith("http_requests_total{") && line.includes('route="/*"'));
    const countOf = (line: string | undefined) => Number(line?.split(" ").at(-1) ?? 0);
    const before = countOf(await metrics());
    await overTheWire(port, "GET", "/contacts", {});
    assert.equal(countOf(await metrics()), before + 1);
  });

  test("leaves to Fastify whatever the plain answer does not fit", async () => {
    const cases: { headers: Record<string, string>; path?: string; status: number }[] = [
      // The guard refuses a Host that is not a host.
      { headers: { host: "a b" }, status: 400 },
      // Conditional and range requests.
      { headers: { "if-none-match": site.byPath.get("/contacts")?.etag ?? "" }, status: 304 },
      { headers: { range: "bytes=0-3" }, status: 206 },
      // An unknown page, an encoded path, a path another route answers.
      { headers: {}, path: "/no-such-page", status: 404 },
      { headers: {}, path: "/%63ontacts", status: 200 },
      { headers: {}, path: "/taken", status: 200 },
    ];
    for (const { headers, path = "/contacts", status } of cases) {
      const before = logLines.length;
      const wire = await overTheWire(port, "GET", path, headers);
      assert.equal(wire.status, status, `${path} ${JSON.stringify(headers)}`);
      const line = logLines
        .slice(before)
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((entry) => entry.msg === "request");
      assert.ok(line?.reqId, `${path} ${JSON.stringify(headers)} went through Fastify`);
    }
    const taken = await overTheWire(port, "GET", "/taken", {});
    assert.equal(taken.body.toString(), "the route's own answer");
  });

  test("a proxy header while no proxy is trusted goes to Fastify, which warns once", async () => {
    const wire = await overTheWire(port, "GET", "/contacts", { "x-forwarded-for": "203.0.113.9" });
    assert.equal(wire.status, 200);
    assert.ok(logLines.some((line) => line.includes("TRUST_PROXY trusts no proxy")));
  });
});
