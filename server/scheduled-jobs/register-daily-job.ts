import type { FastifyInstance } from "fastify";
import type { DailyJob } from "./daily-job.ts";
import { startEveryMinute } from "./every-minute.ts";

/**
 * Runs a daily job while the app runs: its start-up step, then a check every minute (the first at
 * once: a server started after the job's time runs a day it has not run yet).
 */
export function registerDailyJob(app: FastifyInstance, job: DailyJob, everyMs = 60_000) {
  let running: ReturnType<typeof startEveryMinute> | undefined;
  app.addHook("onReady", async () => {
    await job.atStart?.().catch((error: unknown) => {
      const { name, code } = error as Error & { code?: unknown };
      app.log.error({ job: job.name, error: { name, code } }, "scheduled job's start-up failed");
    });
    running = startEveryMinute(() => job.runOnce(), app.log, job.name, everyMs);
    app.log.info({ job: job.name, kirovTime: job.time }, "scheduled job on (Kirov time)");
  });
  app.addHook("onClose", async () => {
    await running?.stop();
  });
}
