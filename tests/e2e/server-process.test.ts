// The server as `npm start` runs it: a child process on a port, its log, its stop on a signal.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import {
  type ServerProcess,
  startServer as startServerProcess,
} from "../support/server-process.ts";

let tempDir: string;

before(async () => {
  tempDir = await mkdtemp(join(tmpdir(), "server-process-"));
});

after(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

/** A server on a store of its own in this test's temporary directory. */
function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const store = `sqlite:${join(tempDir, `appeals-${randomUUID()}.sqlite`)}`;
  return startServerProcess(store, {
    RATE_LIMIT_PER_MINUTE: "10",
    RATE_LIMIT_PER_DAY: "100",
    ...env,
  });
}

test("one log line per request: method, path and status, never the query or the visitor's address", async () => {
  const server = await startServer();
  try {
    await fetch(`http://127.0.0.1:${server.port}/contacts?email=ivanov@example.ru`);
    await fetch(`http://127.0.0.1:${server.port}/nope`, {
      headers: { "user-agent": "SecretAgent/1.0" },
    });
  } finally {
    server.child.kill("SIGTERM");
    await once(server.child, "exit");
  }
  const requestLines = server
    .output()
    .split("\n")
    // The start-up probe of /healthz is logged too; the two visits are the ones checked.
    .filter((line) => line.includes('"msg":"request"') && !line.includes('"path":"/healthz"'))
    .map((line) => JSON.parse(line));
  assert.equal(requestLines.length, 2);
  assert.deepEqual(
    requestLines.map(({ method, path, status }) => ({ method, path, status })),
    [
      { method: "GET", path: "/contacts", status: 200 },
      { method: "GET", path: "/nope", status: 404 },
    ],
  );
  assert.doesNotMatch(server.output(), /ivanov|example\.ru|SecretAgent|127\.0\.0\.1:\d+\W*"remote/);
});

test("SIGTERM: a request in flight is answered, then the process exits 0", async () => {
  const server = await startServer();
  // Send the headers and half of a body, stop the server, then send the rest.
  const socket = connect(server.port, "127.0.0.1");
  await once(socket, "connect");
  const body = JSON.stringify({ probe: "in flight" });
  socket.write(
    `POST /api/in-flight HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(body.slice(0, 5));
  await new Promise((resolve) => setTimeout(resolve, 200));
  server.child.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(server.child.exitCode, null, "the server waits for the request in flight");
  let answer = "";
  socket.on("data", (chunk) => {
    answer += chunk;
  });
  socket.write(body.slice(5));
  const [code] = await once(server.child, "exit");
  socket.destroy();
  assert.match(answer, /^HTTP\/1\.1 \d{3} /, "the request in flight got an answer");
  assert.equal(code, 0);
  assert.match(server.output(), /stopping: finishing requests in flight/);
});

/** Starts the server with settings it must refuse; gives its exit code and standard error. */
async function startRefused(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const [code] = await once(child, "exit");
  return { code, stderr };
}

test("a bad setting stops the start with a clear message and exit code 2", async () => {
  const { code, stderr } = await startRefused({ PORT: "eighty", DATABASE_URL: "mysql://nope" });
  assert.equal(code, 2);
  assert.match(stderr, /Invalid configuration/);
  assert.match(stderr, /PORT="eighty": must be a whole number/);
  assert.match(stderr, /DATABASE_URL="mysql:\/\/nope": must start with sqlite: or postgres:\/\//);
});

test("without SMTP_URL the server starts, says mail is off, and /healthz reports the outbox and backups", async () => {
  const server = await startServer({ SMTP_URL: "" });
  try {
    const response = await fetch(`http://127.0.0.1:${server.port}/healthz`);
    assert.equal(response.status, 200);
    const empty = { pending: 0, failed: 0, oldestPendingAt: null };
    assert.deepEqual(await response.json(), {
      status: "ok",
      mail: "off",
      outbox: empty,
      outboxByKind: {
        "appeal-notification": empty,
        "appeal-acknowledgement": empty,
        "appeal-notice": empty,
        "appeal-answer": empty,
        "assignment-notice": empty,
        "daily-reminder": empty,
        "site-awaiting-approval": empty,
        "site-approval-digest": empty,
        "site-returned": empty,
        "site-published": empty,
        "site-review-due": empty,
      },
      heldMail: { count: 0, byKind: {} },
      backup: { scheduled: "off", last: null, failure: null, interrupted: null },
      // Every published page shown (decision 0053).
      sitePages: { unshown: [] },
    });
  } finally {
    server.child.kill("SIGTERM");
    await once(server.child, "exit");
  }
  assert.match(server.output(), /mail notifications off: SMTP_URL is not set/);
  assert.match(server.output(), /scheduled backups off: set BACKUP_DIR/);
});

test("a bad mail setting stops the start with exit code 2, the SMTP password unshown", async () => {
  const { code, stderr } = await startRefused({
    SMTP_URL: "smtp://site:s3cret@mail.example.ru:587",
    MAIL_FROM: "",
  });
  assert.equal(code, 2);
  assert.match(stderr, /MAIL_FROM=.*: must be set when SMTP_URL is/);
  assert.doesNotMatch(stderr, /s3cret/);
});
