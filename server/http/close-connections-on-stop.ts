import { Server as NetServer } from "node:net";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The first step of the process's stop (server/main.ts), before `close()`: no new
     * connections, requests on the open ones still answered (each answer closes its connection),
     * idle keep-alive connections left for their client to close; resolves once every
     * connection is gone, or after `maxMs`.
     */
    drainConnections(maxMs: number): Promise<void>;
  }
}

/**
 * Once the server is stopping, every answer closes its connection; the returned function tells
 * whether it is. Without this a request that
 * was in flight at SIGTERM is answered on a keep-alive connection, which then holds the process
 * open until the browser lets go of it.
 *
 * Behind nginx (deploy/nginx/agrochem-site.conf) the stop drains first. nginx keeps idle
 * connections to each server and may write the next request on one at any moment; a POST written
 * there is never sent to the other server again, so a connection cut under it is a 502 for the
 * visitor. Closing only the listening socket makes nginx's new connections fail (it then tries
 * the other server: nothing was sent), a request on a kept connection is answered as usual, and
 * an idle one is closed by nginx itself (its upstream keepalive_timeout is shorter than ours).
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
  app.decorate("drainConnections", async (maxMs: number) => {
    stopping = true;
    const server = app.server;
    if (!server.listening) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, maxMs);
      // net.Server's close stops listening and calls back once the last connection is closed;
      // http.Server's close would also cut the idle keep-alive connections at once.
      NetServer.prototype.close.call(server, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  });
  // Answers written past Fastify's reply (server/site/static-site.ts) ask before they are written.
  return () => stopping;
}
