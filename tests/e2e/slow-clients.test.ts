// Slow or silent clients cannot hold the server's connections: the real server with short limits
// (the production values are in server/config.ts, defaultTimeouts) cuts each kind in time.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
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

test("200 slow connections at once are all dropped, and the server answers others meanwhile", async () => {
  const slow = Array.from({ length: 200 }, (_, index) => {
    const connection = openRaw(port());
    if (index % 2 === 0) connection.socket.write(postHead(500));
    else void drip(connection.socket, "GET / HTTP/1.1\r\n", 300);
    return connection.answer;
  });
  await sleep(200);
  const health = await fetch(`${env.site.baseUrl}/healthz`);
  assert.equal(health.status, 200);
  const closed = await Promise.all(slow);
  const longest = Math.max(...closed.map((answer) => answer.closedAfterMs));
  assert.ok(longest < timeouts.requestMs + 3_000, `the last closed after ${longest} ms`);
});
