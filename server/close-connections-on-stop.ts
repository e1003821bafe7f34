import type { FastifyInstance } from "fastify";

/**
 * Once the server is stopping, every answer closes its connection. Without this a request that
 * was in flight at SIGTERM is answered on a keep-alive connection, which then holds the process
 * open until the browser lets go of it.
 */
export function registerCloseConnectionsOnStop(app: FastifyInstance) {
  let stopping = false;
  app.addHook("preClose", async () => {
    stopping = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (stopping) reply.header("connection", "close");
  });
}
