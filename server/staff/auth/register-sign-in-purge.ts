import type { FastifyInstance } from "fastify";
import type { DataLayer } from "../../db/data-layer.ts";
import { registerDailyJob } from "../../scheduled-jobs/register-daily-job.ts";
import { createSignInPurgeJob } from "./sign-in-purge.ts";

/** Purges sign-in leftovers daily at PURGE_TIME (Kirov), on one server a day; off with `off`. */
export function registerSignInPurge(
  app: FastifyInstance,
  deps: { data: DataLayer; auditDays: number; time: string | null },
) {
  if (deps.time === null) return;
  registerDailyJob(
    app,
    createSignInPurgeJob({
      data: deps.data,
      auditDays: deps.auditDays,
      time: deps.time,
      log: app.log,
    }),
  );
}
