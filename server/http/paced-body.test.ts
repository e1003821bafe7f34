import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { paceBody } from "./paced-body.ts";

// A client in a process of its own writes 4 MB at once: the server's socket holds many reads
// when it comes to them (without pacing, 32 reads of 64 KiB in one turn: issue 40).
const client = `
const net = require("node:net");
const body = Buffer.alloc(4_000_000, 97);
const socket = net.connect(Number(process.argv[1]), "127.0.0.1", () => {
  socket.write("POST / HTTP/1.1\\r\\nHost: x\\r\\nContent-Length: " + body.length + "\\r\\nConnection: close\\r\\n\\r\\n");
  socket.write(body);
});
socket.on("data", (chunk) => process.stdout.write(chunk));
`;

test("a paced body is read one chunk per turn of the event loop, whole", async () => {
  let mostInOneTurn = 0;
  let bytes = 0;
  const server = createServer((request, response) => {
    paceBody(request);
    let inTurn = 0;
    request.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      inTurn += 1;
      mostInOneTurn = Math.max(mostInOneTurn, inTurn);
      if (inTurn === 1) setImmediate(() => (inTurn = 0));
    });
    request.on("end", () => response.end("read"));
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  try {
    const { port } = server.address() as AddressInfo;
    const child = spawn(process.execPath, ["-e", client, String(port)]);
    let answer = "";
    child.stdout.on("data", (chunk) => (answer += chunk));
    await new Promise((exited) => child.on("exit", exited));
    assert.match(answer, /read$/);
    assert.equal(bytes, 4_000_000);
    assert.ok(mostInOneTurn <= 2, `${mostInOneTurn} chunks in one turn`);
  } finally {
    server.close();
  }
});
