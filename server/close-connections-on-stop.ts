import type { FastifyInstance } from "fastify";

/**
 * Once the server is stopping, every answer closes its connection; the returned function tells
 * whether it is. Without this a request that
 * was in flight at SIGTERM is answered on a keep-alive connection, which then holds the process
 * open until the browser lets go of it.
 */
export function registerCloseConnectionsOnStop(app: FastifyInstance): () => boolean {
  let stopping = false;
  app.addHook("preClose", async () => {
    stopping = true;
  });
  // A callback hook: it runs on every answer, and an async one costs a promise each time.
  app.addHook("onSend", (_request, reply, _payload, done) => {
    if (stopping) reply.header("connection", "close");
    done();
  });
  // Answers written past Fastify's reply (server/static-site.ts) ask before they are written.
  return () => stopping;
}
