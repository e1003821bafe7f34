// A server stopping on SIGTERM behind a reverse proxy (deploy/nginx/agrochem-site.conf keeps
// idle connections to the servers open). nginx does not know the server is stopping: it may write
// the next request on a kept connection at any moment, and a POST written there is never sent to
// the other server again. So the stopping server refuses new connections (nginx then tries the
// other server: nothing was sent yet) but still answers a request on a connection it already
// holds, closing that connection after the answer, and leaves idle ones for the proxy to close.
// Needs the built site (npm run build).
import assert from "node:assert/strict";
import { connect, type Socket } from "node:net";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { exited, killIfRunning, startServer } from "../support/server-process.ts";
import { createSqliteDatabase } from "../support/test-databases.ts";
import { waitUntil } from "../support/wait-until.ts";

/** Reads one HTTP/1.1 answer with a Content-Length from the socket; undefined if it closes first. */
function readAnswer(socket: Socket): Promise<string | undefined> {
  return new Promise((resolve) => {
    if (socket.closed) return resolve(undefined);
    let text = "";
    const done = (value: string | undefined) => {
      socket.off("data", onData);
      socket.off("close", onClose);
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const end = text.indexOf("\r\n\r\n");
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1] ?? Number.NaN);
      if (end >= 0 && Buffer.byteLength(text.slice(end + 4)) >= length) done(text);
    };
    const onClose = () => done(undefined);
    socket.on("data", onData);
    socket.on("close", onClose);
  });
}

test("SIGTERM: a request on a connection kept open (as nginx keeps them) is answered, new connections are refused", async () => {
  const database = await createSqliteDatabase();
  const server = await startServer(database.url);
  try {
    const socket = connect(server.port, "127.0.0.1");
    socket.on("error", () => {});
    await new Promise((resolve) => socket.once("connect", resolve));
    const first = readAnswer(socket);
    socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    assert.match((await first) ?? "", /^HTTP\/1\.1 200 /, "the first answer, connection kept");

    server.child.kill("SIGTERM");
    await waitUntil(
      "the server to log its stop",
      () => server.output().includes("stopping: finishing requests in flight"),
      5_000,
    );

    // A new connection is refused: a proxy passes the request to the other server. The server
    // closes its listening socket right after that line, in the same turn; asked until it is
    // refused, for at most a second (the kept connection may idle 5 s, keepAliveMs).
    const probe = () =>
      new Promise<string>((resolve) => {
        const socket = connect(server.port, "127.0.0.1");
        socket.once("connect", () => {
          socket.destroy();
          resolve("connected");
        });
        socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
      });
    const probedFrom = Date.now();
    let refused = await probe();
    while (refused !== "ECONNREFUSED" && Date.now() - probedFrom < 1_000) {
      await sleep(10);
      refused = await probe();
    }
    assert.equal(refused, "ECONNREFUSED");

    // The kept connection still takes the appeal, and is closed after the answer.
    const body = JSON.stringify({
      first_name: "Иван",
      last_name: "Петров",
      email: "kept-connection@example.ru",
      phone: "+7 912 345-67-89",
      region: "43 - Кировская область",
      comment: "Обращение по соединению, которое держит прокси.",
      consent: true,
    });
    const second = readAnswer(socket);
    socket.write(
      `POST /api/users/appeals/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    const answer = await second;
    console.log(
      `after SIGTERM: new connection ${refused}; on the kept one: ${answer?.split("\r\n")[0] ?? "closed unanswered"}`,
    );
    assert.match(answer ?? "closed unanswered", /^HTTP\/1\.1 201 /);
    assert.match(answer ?? "", /\r\nconnection: close\r\n/i);
    await exited(server.child);
    assert.equal(server.child.exitCode, 0);
  } finally {
    await killIfRunning(server);
    await database.drop();
  }
});
