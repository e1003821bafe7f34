import type { FastifyInstance } from "fastify";
import type { DataLayer } from "../db/data-layer.ts";
import { registerDailyJob } from "../scheduled-jobs/register-daily-job.ts";
import { createRetentionPurgeJob } from "./retention-purge.ts";

/** Deletes appeals past the retention term daily at PURGE_TIME (Kirov), on one server a day. */
export function registerRetentionPurge(
  app: FastifyInstance,
  deps: { data: DataLayer; time: string | null },
) {
  if (deps.time === null) return;
  registerDailyJob(
    app,
    createRetentionPurgeJob({ data: deps.data, time: deps.time, log: app.log }),
  );
}
