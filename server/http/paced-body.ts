/**
 * A request body read one socket read per turn of the event loop (issue 40). For one readiness of
 * a socket libuv reads it up to 32 times (64 KiB each), and the parser takes every read at once:
 * an editor's 4 MB form arriving whole was parsed (busboy) 2 MB at a time, in stretches of
 * 70–120 ms, every other request waiting. After each chunk the body is paused until the next
 * turn: its buffer fills, the HTTP server stops reading the socket, and the other requests' I/O
 * and the timers are served between two chunks. The body, not the socket: a paused socket is
 * resumed at once by the body asking for more (measured: 32 reads a turn either way).
 */
import type { IncomingMessage } from "node:http";

export function paceBody(body: IncomingMessage): void {
  let waiting = false;
  body.on("data", () => {
    if (waiting || body.destroyed) return;
    waiting = true;
    body.pause();
    setImmediate(() => {
      waiting = false;
      if (!body.destroyed) body.resume();
    });
  });
}
