import type { FastifyInstance } from "fastify";
import type { DataLayer } from "../db/data-layer.ts";
import { registerDailyJob } from "../scheduled-jobs/register-daily-job.ts";
import { createUnusedUploadsPurgeJob } from "./unused-uploads-purge.ts";

/**
 * Deletes the site's uploads no edition referenced for 30 days, daily at PURGE_TIME (Kirov), on
 * one server a day; off with `off` (issue 43).
 */
export function registerUnusedUploadsPurge(
  app: FastifyInstance,
  deps: { data: DataLayer; time: string | null },
) {
  if (deps.time === null) return;
  registerDailyJob(
    app,
    createUnusedUploadsPurgeJob({ data: deps.data, time: deps.time, log: app.log }),
  );
}
