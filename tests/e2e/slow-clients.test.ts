// Slow or silent clients cannot hold the server's connections: the real server with short limits
// (the production values are in server/config.ts, defaultTimeouts) cuts each kind in time.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { validAppeal } from "../support/test-app.ts";
import { siteForTests } from "./harness.ts";
import { openRaw } from "./raw-http.ts";

const timeouts = {
  headersMs: 1_000,
  requestMs: 2_000,
  keepAliveMs: 500,
  idleSocketMs: 5_000,
  checkIntervalMs: 250,
};
const env = siteForTests({ timeouts });
const port = () => Number(new URL(env.site.baseUrl).port);

function postHead(contentLength: number) {
  return `POST /api/users/appeals/ HTTP/1.1\r\nHost: 127.0.0.1:${port()}\r\nContent-Type: application/json\r\nContent-Length: ${contentLength}\r\n\r\n`;
}

/** Writes `text` one byte every `everyMs` until the server closes the connection. */
async function drip(socket: import("node:net").Socket, text: string, everyMs: number) {
  for (const char of text) {
    if (socket.destroyed || socket.writableEnded) return;
    socket.write(char);
    await sleep(everyMs);
  }
}

test("a POST whose body never comes is cut after the request limit", async () => {
  const { socket, answer } = openRaw(port());
  socket.write(postHead(100));
  const { closedAfterMs, status } = await answer;
  assert.ok(closedAfterMs < timeouts.requestMs + 2_500, `closed after ${closedAfterMs} ms`);
  assert.ok(status === undefined || status === 408, `status ${status}`);
});

test("a body sent a byte at a time is cut after the request limit", async () => {
  const { socket, answer } = openRaw(port());
  socket.write(postHead(1_000));
  void drip(socket, "x".repeat(1_000), 100);
  const { closedAfterMs } = await answer;
  assert.ok(closedAfterMs < timeouts.requestMs + 2_500, `closed after ${closedAfterMs} ms`);
});

test("headers sent a byte at a time are cut after the headers limit", async () => {
  const { socket, answer } = openRaw(port());
  void drip(
    socket,
    `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port()}\r\nX-Slow: ${"y".repeat(200)}`,
    100,
  );
  const { closedAfterMs } = await answer;
  assert.ok(closedAfterMs < timeouts.headersMs + 2_000, `closed after ${closedAfterMs} ms`);
});

test("an idle keep-alive connection is closed after the keep-alive limit", async () => {
  const { socket, answer } = openRaw(port());
  socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port()}\r\n\r\n`);
  const { closedAfterMs, status } = await answer;
  assert.equal(status, 200);
  assert.ok(closedAfterMs < timeouts.keepAliveMs + 2_000, `closed after ${closedAfterMs} ms`);
});

test("300 slow connections at once are all dropped in time, and a normal visitor is served meanwhile", async (t) => {
  // A third each: headers a byte at a time, a body a byte at a time, a body that never comes.
  const slow = Array.from({ length: 300 }, (_, index) => {
    const connection = openRaw(port());
    if (index % 3 === 0) void drip(connection.socket, "GET / HTTP/1.1\r\nX-Slow: yyyy", 300);
    else if (index % 3 === 1) {
      connection.socket.write(postHead(500));
      void drip(connection.socket, "x".repeat(500), 300);
    } else connection.socket.write(postHead(500));
    return connection.answer;
  });
  await sleep(200);

  // Meanwhile a visitor reads the home page and sends an appeal, five times over.
  const visitor: { status: number; ms: number }[] = [];
  for (let round = 0; round < 5; round += 1) {
    for (const request of [
      () => fetch(`${env.site.baseUrl}/`),
      () =>
        fetch(`${env.site.baseUrl}/api/users/appeals/`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(validAppeal()),
        }),
    ]) {
      const started = Date.now();
      const response = await request();
      await response.arrayBuffer();
      visitor.push({ status: response.status, ms: Date.now() - started });
    }
    await sleep(100);
  }

  const closed = await Promise.all(slow);
  const longest = Math.max(...closed.map((answer) => answer.closedAfterMs));
  const slowest = Math.max(...visitor.map((answer) => answer.ms));
  const summary = `slow clients: ${closed.length} opened, ${closed.length} dropped, the last after ${longest} ms (limits: headers ${timeouts.headersMs} ms, request ${timeouts.requestMs} ms); a visitor's ${visitor.length} requests meanwhile: ${visitor.map((answer) => answer.status).join(" ")}, slowest ${slowest} ms`;
  t.diagnostic(summary);
  console.log(summary);
  assert.deepEqual(
    visitor.map((answer) => answer.status),
    Array(5).fill([200, 201]).flat(),
  );
  assert.ok(slowest < 1_000, `a visitor waited ${slowest} ms`);
  assert.ok(longest < timeouts.requestMs + 3_000, `the last closed after ${longest} ms`);
});
