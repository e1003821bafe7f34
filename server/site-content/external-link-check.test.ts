// The web links' check against a local HTTP server, never the internet (issue 43, decision 0061):
// a 404 is broken and said so; a server refusing HEAD (405) is asked with GET and its 200 works;
// a redirect is an answer; a host that does not answer is named; every request names the site in
// its User-Agent; and no host is asked twice within a second, on an injected clock that the
// check waits on instead of sleeping.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import {
  checkExternalLinks,
  interleavedByHost,
  linkCheckUserAgent,
} from "./external-link-check.ts";

type Seen = { method: string; host: string; path: string; userAgent: string; at: number };

describe("the web links' check", () => {
  let server: Server;
  let port = 0;
  const seen: Seen[] = [];
  let clock = 0;
  const waits: number[] = [];

  before(async () => {
    server = createServer((request, response) => {
      seen.push({
        method: request.method ?? "",
        host: request.headers.host ?? "",
        path: request.url ?? "",
        userAgent: request.headers["user-agent"] ?? "",
        at: clock,
      });
      const path = request.url ?? "";
      if (path === "/missing") response.writeHead(404).end("нет");
      else if (path === "/no-head" && request.method === "HEAD") response.writeHead(405).end();
      else if (path === "/moved") response.writeHead(301, { location: "/ok" }).end();
      else response.writeHead(200, { "content-type": "text/html" }).end("<p>ok</p>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const options = {
    userAgent: linkCheckUserAgent("https://agrochem-kirov.example"),
    timeoutMs: 5_000,
    perHostIntervalMs: 1_000,
    // The clock moves only when the check waits, and by what it waits: no real sleep.
    now: () => clock,
    wait: async (ms: number) => {
      waits.push(ms);
      clock += ms;
    },
  };

  test("a 404 is broken, HEAD refused then GET 200 works, a redirect works, each request named", async () => {
    seen.length = 0;
    const base = `http://127.0.0.1:${port}`;
    const results = await checkExternalLinks(
      [`${base}/missing`, `${base}/no-head`, `${base}/moved`],
      options,
    );
    assert.deepEqual(results, [
      {
        href: `${base}/missing`,
        status: 404,
        problem: "Сайт ответил кодом 404 (страница не найдена).",
      },
      { href: `${base}/no-head`, status: 200, problem: null },
      { href: `${base}/moved`, status: 301, problem: null },
    ]);
    assert.deepEqual(
      seen.map((request) => `${request.method} ${request.path}`),
      ["HEAD /missing", "HEAD /no-head", "GET /no-head", "HEAD /moved"],
    );
    for (const request of seen) {
      assert.equal(
        request.userAgent,
        "AgrochemKirovLinkCheck/1.0 (+https://agrochem-kirov.example; site link check)",
      );
    }
  });

  test("one host at most once a second, hosts alternated, on the injected clock", async () => {
    seen.length = 0;
    waits.length = 0;
    clock = 0;
    const a = `http://127.0.0.1:${port}`;
    const b = `http://localhost:${port}`;
    await checkExternalLinks([`${a}/1`, `${a}/2`, `${a}/3`, `${b}/1`, `${b}/no-head`], options);
    // Alternated: a, b, a, b (HEAD, then GET), a.
    assert.deepEqual(
      seen.map((request) => `${request.method} ${request.host.split(":")[0]}${request.path}`),
      [
        "HEAD 127.0.0.1/1",
        "HEAD localhost/1",
        "HEAD 127.0.0.1/2",
        "HEAD localhost/no-head",
        "GET localhost/no-head",
        "HEAD 127.0.0.1/3",
      ],
    );
    for (const host of ["127.0.0.1", "localhost"]) {
      const times = seen.filter((request) => request.host.startsWith(host)).map((r) => r.at);
      for (let index = 1; index < times.length; index++) {
        assert.ok(
          (times[index] ?? 0) - (times[index - 1] ?? 0) >= 1_000,
          `${host}: ${times.join(", ")}`,
        );
      }
    }
    // It waited only what the rule asks: two seconds for the busiest host's three requests.
    assert.equal(clock, 2_000);
    assert.ok(
      waits.every((ms) => ms > 0 && ms <= 1_000),
      waits.join(", "),
    );
  });

  test("a host that does not answer is named, with no address in the words", async () => {
    // A port nothing listens on: the connection is refused at once.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const free = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const [result] = await checkExternalLinks([`http://127.0.0.1:${free}/`], options);
    assert.deepEqual(result, {
      href: `http://127.0.0.1:${free}/`,
      status: null,
      problem: "Сайт не принимает соединения.",
    });
  });

  test("addresses are alternated by host, each host's in their order", () => {
    assert.deepEqual(
      interleavedByHost(["https://a.ru/1", "https://a.ru/2", "https://b.ru/1", "https://a.ru/3"]),
      ["https://a.ru/1", "https://b.ru/1", "https://a.ru/2", "https://a.ru/3"],
    );
  });
});
