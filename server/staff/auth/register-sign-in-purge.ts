import type { FastifyInstance } from "fastify";
import type { DataLayer } from "../../db/data-layer.ts";
import { startSignInPurge } from "./sign-in-purge.ts";

/** Purges sign-in leftovers at start and hourly while the app runs (every server: idempotent). */
export function registerSignInPurge(
  app: FastifyInstance,
  deps: { data: DataLayer; auditDays: number },
) {
  let running: ReturnType<typeof startSignInPurge> | undefined;
  app.addHook("onReady", async () => {
    running = startSignInPurge(deps.data, { auditDays: deps.auditDays, log: app.log });
  });
  app.addHook("onClose", async () => {
    await running?.stop();
  });
}
