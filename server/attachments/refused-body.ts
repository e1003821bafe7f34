/**
 * What becomes of the rest of an upload refused midway (decision 0046). A client still sending
 * when the server closes the connection may never see the answer: the unread bytes make the
 * server's system reset the connection, and a client (or a proxy) that reads the answer only
 * once it has sent the body gets a reset instead of the page that names the file. So a body that
 * fits the bound is read to its end and thrown away, and the answer goes on a connection left
 * open; a larger one (it says so in its Content-Length, or keeps coming past the bound) is never
 * read further: the answer goes with `Connection: close`, and a 200 MB body is cut off.
 */
import type { IncomingMessage } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FileRules } from "./upload-rules.ts";

/** Room for the form's fields and the multipart framing beyond the files' limit. */
const refusedBodyMargin = 1024 * 1024;

/**
 * The largest body read to its end after a refusal: the files' limit and the margin, which is
 * what nginx lets through to these addresses (`client_max_body_size` 11m for the appeals and
 * the answer, 41m for the site's files), so no body that came through nginx is cut off.
 */
export function refusedBodyBound(rules: FileRules): number {
  return rules.maxTotalBytes + refusedBodyMargin;
}

/**
 * After a refusal: reads and discards the rest of the body when the whole body fits the bound,
 * else marks the answer `Connection: close` (the rest is never read).
 */
export async function settleRefusedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  rules: FileRules,
): Promise<void> {
  const bound = refusedBodyBound(rules);
  const declared = Number(request.headers["content-length"] ?? Number.NaN);
  const fits = Number.isFinite(declared)
    ? declared <= bound && (await discardRest(request.raw, bound))
    : await discardRest(request.raw, bound);
  if (!fits) reply.header("connection", "close");
}

/**
 * Reads the body on to its end without keeping it: true if it ended within `bound` more bytes,
 * false if it went past them (then reading stops there) or the client cut it off.
 */
function discardRest(body: IncomingMessage, bound: number): Promise<boolean> {
  if (body.readableEnded) return Promise.resolve(true);
  if (body.destroyed) return Promise.resolve(false);
  // The parser stopped at the refusal: it gets no more of the body.
  body.unpipe();
  // Counted from the refusal (a chunked body says no length): with what the parser read before,
  // at most the files' limit and the bound.
  let read = 0;
  return new Promise((resolve) => {
    const finish = (ended: boolean) => {
      body.off("data", onData);
      body.off("end", onEnd);
      body.off("close", onClose);
      if (!ended) body.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > bound) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(body.readableEnded);
    body.on("data", onData);
    body.once("end", onEnd);
    body.once("close", onClose);
    body.resume();
  });
}
