/**
 * The daily backup: at BACKUP_TIME (Kirov time) a verified copy of the store in BACKUP_DIR,
 * written atomically by the store's own backup (server/db/store-backup.ts), then the oldest beyond
 * BACKUP_KEEP deleted. Taken once a day however many servers share the store, through the
 * scheduled jobs' helper (server/scheduled-jobs/daily-job.ts). A failure is recorded (GET /healthz
 * shows it), logged, and tried again an hour later. A server killed mid-backup leaves a partial
 * file (and SQLite's journal of it): removed when a server starts and before the day is taken
 * again; the interrupted run is logged and shown by /healthz until a backup is in place.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { backupJobName } from "../db/backup-runs-repository.ts";
import type { DataLayer } from "../db/data-layer.ts";
import { jobRunTimes } from "../db/scheduled-job-runs-repository.ts";
import { createDailyJob, type DailyJobOutcome } from "../scheduled-jobs/daily-job.ts";
import { backupFileName, pruneBackups, removeBackupLeftovers } from "./backup-files.ts";

export type BackupSchedule = { dir: string; keep: number; time: string };

export type ScheduledBackupOutcome =
  | "not-yet"
  | "done"
  | "claimed-elsewhere"
  | "written"
  | "failed";

const outcomes: Record<DailyJobOutcome, ScheduledBackupOutcome> = {
  "not-yet": "not-yet",
  done: "done",
  "claimed-elsewhere": "claimed-elsewhere",
  ran: "written",
  failed: "failed",
};

export function createScheduledBackup(deps: {
  data: Pick<DataLayer, "kind" | "backup" | "jobRuns">;
  schedule: BackupSchedule;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { dir, keep, time } = deps.schedule;
  const extension = deps.data.kind === "sqlite" ? "sqlite" : "dump";
  const liveDays = async () =>
    new Set(await deps.data.jobRuns.liveDays(backupJobName, now(), jobRunTimes.leaseMs));
  const removeLeftovers = (live: Set<string>) => {
    const removed = removeBackupLeftovers(dir, live);
    if (removed.length > 0) {
      deps.log.warn({ removed }, "removed what an interrupted backup left behind");
    }
  };

  const job = createDailyJob({
    name: backupJobName,
    time,
    data: deps.data,
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
    // The message names files and tools, never an appeal's contents.
    describeError: (error) => (error as Error).message,
    atStart: async () => removeLeftovers(await liveDays()),
    async run({ day }) {
      const file = backupFileName(day, extension);
      mkdirSync(dir, { recursive: true });
      // This day is this server's now: whatever a run of it left is a dead run's.
      const others = await liveDays();
      others.delete(day);
      removeLeftovers(others);
      const report = await deps.data.backup(join(dir, file));
      const deleted = pruneBackups(dir, keep, others);
      deps.log.info(
        { file, bytes: report.bytes, ms: report.durationMs, rows: report.counts, deleted },
        "backup written",
      );
      return { file, bytes: report.bytes };
    },
  });

  return {
    job,
    /** One check: takes today's backup when it is time and no server has taken it. */
    runOnce: async (): Promise<ScheduledBackupOutcome> => outcomes[await job.runOnce()],
  };
}
