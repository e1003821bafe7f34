// The appeal POST answered before Fastify (decision 0026): the same answers, headers, log line and
// metrics as Fastify's route, and everything it must not take left to Fastify.
import assert from "node:assert/strict";
import type { IncomingHttpHeaders } from "node:http";
import { after, before, describe, test } from "node:test";
import type { FastifyInstance } from "fastify";
import { overTheWire } from "../../tests/support/over-the-wire.ts";
import { validAppeal } from "../../tests/support/test-app.ts";
import { createSqliteDatabase, type TestDatabase } from "../../tests/support/test-databases.ts";
import { buildApp } from "../app.ts";
import { parseDatabaseUrl } from "../config.ts";
import { type DataLayer, openDataLayer } from "../db/data-layer.ts";
import type { SiteFiles } from "../site/site-files.ts";

const notFound = Buffer.from("<h1>Страница не найдена</h1>");
const site: SiteFiles = {
  byPath: new Map(),
  notFoundPage: {
    body: notFound,
    brotli: notFound,
    gzip: notFound,
    contentType: "text/html; charset=utf-8",
    cacheControl: "no-cache",
    etag: '"1"',
    modified: new Date("2026-11-22T00:00:00Z"),
  },
};

/** A POST over a real socket, its answer's body as text. */
async function postOverTheWire(
  port: number,
  path: string,
  headers: Record<string, string>,
  body: string | string[],
) {
  const answer = await overTheWire(port, "POST", path, headers, body);
  return { ...answer, body: answer.body.toString("utf8") };
}

/** Headers that differ between two answers for reasons of the moment or the connection. */
function comparable(headers: IncomingHttpHeaders | Record<string, unknown>) {
  const { date: _date, "keep-alive": _keepAlive, ...rest } = headers;
  const kept = Object.entries(rest).filter(
    ([name, value]) => name !== "connection" || value === "close",
  );
  return Object.fromEntries(kept.map(([name, value]) => [name, String(value)]));
}

/** The numbers and ids differ from one stored appeal to the next; their shape does not. */
function shapeOf(body: string): unknown {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  if (typeof parsed.id !== "string") return parsed;
  return { ...parsed, id: "id", number: String(parsed.number).replace(/\d{6}$/, "n") };
}

let database: TestDatabase;
let data: DataLayer;
let app: FastifyInstance;
let port: number;
const logLines: string[] = [];

/** The app over the wire, logging into `logLines`. */
async function listening(
  rateLimit: { perMinute: number; perDay: number },
  allowLocalhostOrigins = false,
) {
  const built = buildApp({
    config: { logLevel: "info", rateLimit, allowLocalhostOrigins },
    data,
    site,
    logStream: { write: (line) => void logLines.push(line) },
  });
  await built.listen({ port: 0, host: "127.0.0.1" });
  const address = built.server.address();
  assert.ok(address && typeof address === "object");
  return { app: built, port: address.port };
}
const json = { "content-type": "application/json" };

// Each appeal from its own address, all of one length: every one acknowledged, answers alike.
let sender = 10;
const appeal = () => JSON.stringify(validAppeal({ email: `a${sender++}@example.ru` }));

/** The request lines written since `from`, parsed. */
const requestLines = (from: number) =>
  logLines
    .slice(from)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === "request");

before(async () => {
  database = await createSqliteDatabase();
  data = await openDataLayer(parseDatabaseUrl(database.url));
  ({ app, port } = await listening({ perMinute: 1000, perDay: 1000 }));
});

after(async () => {
  await app.close();
  await data.close();
  await database.drop();
});

describe("the appeal POST's fast lane", () => {
  test("answers as Fastify's route does: stored, invalid, unreadable, poisoned", async () => {
    const cases: {
      what: string;
      path: string;
      body: string;
      status: number;
      headers?: Record<string, string>;
    }[] = [
      {
        what: "an appeal",
        path: "/api/users/appeals/",
        body: appeal(),
        status: 201,
      },
      {
        what: "without the slash",
        path: "/api/users/appeals",
        body: appeal(),
        status: 201,
      },
      {
        what: "a same-origin browser",
        path: "/api/users/appeals/",
        body: appeal(),
        status: 201,
        headers: { origin: `http://127.0.0.1:${port}`, "sec-fetch-site": "same-origin" },
      },
      {
        what: "with its charset",
        path: "/api/users/appeals/",
        body: appeal(),
        status: 201,
        headers: { "content-type": "application/json; charset=utf-8" },
      },
      {
        what: "an invalid appeal",
        path: "/api/users/appeals/",
        body: JSON.stringify(validAppeal({ email: "нет" })),
        status: 400,
      },
      { what: "not JSON", path: "/api/users/appeals/", body: '{"first_name":', status: 400 },
      { what: "a JSON array", path: "/api/users/appeals/", body: "[1]", status: 400 },
      {
        what: "prototype poisoning",
        path: "/api/users/appeals/",
        body: '{"__proto__":{"x":1}}',
        status: 400,
      },
      {
        what: "constructor poisoning",
        path: "/api/users/appeals/",
        body: '{"constructor":{"prototype":{"x":1}}}',
        status: 400,
      },
    ];
    for (const { what, path, body, status, headers = {} } of cases) {
      const sent = { ...json, ...headers, host: `127.0.0.1:${port}` };
      const from = logLines.length;
      const wire = await postOverTheWire(port, path, sent, body);
      const lines = requestLines(from);
      const injected = await app.inject({
        method: "POST",
        url: path,
        headers: sent,
        payload: body,
      });
      assert.equal(wire.status, status, what);
      assert.equal(injected.statusCode, status, what);
      assert.deepEqual(comparable(wire.headers), comparable(injected.headers), what);
      assert.deepEqual(shapeOf(wire.body), shapeOf(injected.body), what);
      // The lane answered: its one line has no Fastify request id.
      assert.deepEqual(
        lines.map((line) => ({
          reqId: line.reqId,
          method: line.method,
          path: line.path,
          status: line.status,
        })),
        [{ reqId: undefined, method: "POST", path, status }],
        what,
      );
    }
  });

  test("counts its answers in the metrics under the route's own label", async () => {
    const count = async () => {
      const line = (await app.inject({ method: "GET", url: "/metrics" })).body
        .split("\n")
        .find(
          (text) =>
            text.startsWith("http_requests_total{") &&
            text.includes('route="/api/users/appeals/"') &&
            text.includes('status="201"'),
        );
      return Number(line?.split(" ").at(-1) ?? 0);
    };
    const before = await count();
    await postOverTheWire(port, "/api/users/appeals/", json, appeal());
    assert.equal(await count(), before + 1);
  });

  test("leaves to Fastify whatever the plain answer does not fit", async () => {
    const body = appeal();
    const cases: {
      what: string;
      headers: Record<string, string>;
      path?: string;
      status: number;
    }[] = [
      { what: "another site", headers: { ...json, origin: "https://evil.example" }, status: 403 },
      {
        what: "a cross-site fetch",
        headers: { ...json, "sec-fetch-site": "cross-site" },
        status: 403,
      },
      {
        what: "a form body",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        status: 415,
      },
      { what: "JSON as text", headers: { "content-type": "text/plain" }, status: 415 },
      {
        what: "another charset",
        headers: { "content-type": "application/json; charset=latin1" },
        status: 201,
      },
      { what: "a query", headers: json, path: "/api/users/appeals/?a=1", status: 201 },
      {
        what: "a proxy header",
        headers: { ...json, "x-forwarded-for": "203.0.113.9" },
        status: 201,
      },
    ];
    for (const { what, headers, path = "/api/users/appeals/", status } of cases) {
      const from = logLines.length;
      const wire = await postOverTheWire(port, path, headers, body);
      assert.equal(wire.status, status, what);
      const [line] = requestLines(from);
      assert.ok(line?.reqId, `${what} went through Fastify`);
    }
    // Sent in chunks, and larger than the limit: Fastify's answers too.
    const chunked = await postOverTheWire(port, "/api/users/appeals/", json, [
      body.slice(0, 10),
      body.slice(10),
    ]);
    assert.equal(chunked.status, 201, "sent in chunks");
    const huge = await postOverTheWire(port, "/api/users/appeals/", json, "x".repeat(17 * 1024));
    assert.equal(huge.status, 413);
  });

  test("past the rate limit, answers 429 with Retry-After as Fastify's route does (in development too)", async () => {
    // Localhost origins allowed, as outside production: a request without Origin is still the lane's.
    const limited = await listening({ perMinute: 1, perDay: 100 }, true);
    try {
      const body = appeal();
      const sent = { ...json, host: `127.0.0.1:${limited.port}` };
      assert.equal(
        (await postOverTheWire(limited.port, "/api/users/appeals/", sent, body)).status,
        201,
      );
      const from = logLines.length;
      const wire = await postOverTheWire(limited.port, "/api/users/appeals/", sent, body);
      const [line] = requestLines(from);
      const injected = await limited.app.inject({
        method: "POST",
        url: "/api/users/appeals/",
        headers: sent,
        payload: body,
      });
      assert.equal(wire.status, 429);
      assert.equal(injected.statusCode, 429);
      assert.ok(wire.headers["retry-after"]);
      assert.deepEqual(comparable(wire.headers), comparable(injected.headers));
      assert.equal(wire.body, injected.body);
      assert.equal(line?.reqId, undefined);
      // A page on another localhost port gets Fastify's CORS answer.
      const cors = await postOverTheWire(
        limited.port,
        "/api/users/appeals/",
        { ...sent, origin: "http://localhost:5173" },
        body,
      );
      assert.equal(cors.headers["access-control-allow-origin"], "http://localhost:5173");
    } finally {
      await limited.app.close();
    }
  });
});
