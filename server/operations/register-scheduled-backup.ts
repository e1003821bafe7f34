import type { FastifyInstance } from "fastify";
import type { DataLayer } from "../db/data-layer.ts";
import { registerDailyJob } from "../scheduled-jobs/register-daily-job.ts";
import { type BackupSchedule, createScheduledBackup } from "./scheduled-backup.ts";

/** Runs the daily backup while the app runs; off without BACKUP_DIR (the start-up log says so). */
export function registerScheduledBackup(
  app: FastifyInstance,
  deps: { data: DataLayer; schedule: BackupSchedule | null },
) {
  const schedule = deps.schedule;
  if (schedule === null) {
    app.addHook("onReady", async () => {
      app.log.info("scheduled backups off: set BACKUP_DIR to take one every day");
    });
    return;
  }
  const backup = createScheduledBackup({ data: deps.data, schedule, log: app.log });
  registerDailyJob(app, backup.job);
  app.addHook("onReady", async () => {
    app.log.info({ dir: schedule.dir, keep: schedule.keep }, "scheduled backups on");
  });
}
