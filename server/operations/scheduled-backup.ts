/**
 * The daily backup: at BACKUP_TIME (Kirov time) a verified copy of the store in BACKUP_DIR,
 * written atomically by the store's own backup (server/db/store-backup.ts), then the oldest beyond
 * BACKUP_KEEP deleted. Taken once a day however many servers share the store: each checks every
 * minute, and only the one whose claim of the day's row goes in takes it. A failure is recorded
 * (GET /healthz shows it), logged, and tried again an hour later.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { kirovIsoDate, kirovMinuteOfDay } from "../../domain/time/kirov-time.ts";
import type { DataLayer } from "../db/data-layer.ts";
import { backupFileName, pruneBackups } from "./backup-files.ts";

export type BackupSchedule = { dir: string; keep: number; time: string };

export type ScheduledBackupOutcome =
  | "not-yet"
  | "done"
  | "claimed-elsewhere"
  | "written"
  | "failed";

export function createScheduledBackup(deps: {
  data: Pick<DataLayer, "kind" | "backup" | "backupRuns">;
  schedule: BackupSchedule;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const owner = randomUUID();
  const { dir, keep, time } = deps.schedule;
  const [hour, minute] = time.split(":").map(Number);
  const startAfter = Number(hour) * 60 + Number(minute);
  const extension = deps.data.kind === "sqlite" ? "sqlite" : "dump";
  let doneDay: string | undefined;

  return {
    /** One check: takes today's backup when it is time and no server has taken it. */
    async runOnce(): Promise<ScheduledBackupOutcome> {
      const started = now();
      const day = kirovIsoDate(started);
      if (kirovMinuteOfDay(started) < startAfter) return "not-yet";
      if (doneDay === day) return "done";
      if (await deps.data.backupRuns.isDone(day)) {
        doneDay = day;
        return "done";
      }
      if (!(await deps.data.backupRuns.claimDay(day, owner, started))) return "claimed-elsewhere";
      const file = backupFileName(day, extension);
      try {
        mkdirSync(dir, { recursive: true });
        const report = await deps.data.backup(join(dir, file));
        await deps.data.backupRuns.finished(day, owner, file, report.bytes, now());
        doneDay = day;
        const deleted = pruneBackups(dir, keep);
        deps.log.info(
          { file, bytes: report.bytes, ms: report.durationMs, rows: report.counts, deleted },
          "backup written",
        );
        return "written";
      } catch (error) {
        // The message names files and tools, never an appeal's contents.
        const message = (error as Error).message;
        await deps.data.backupRuns.failed(day, owner, message, now());
        deps.log.error({ file, error: message }, "backup failed; tried again in an hour");
        return "failed";
      }
    },
  };
}

export type ScheduledBackup = ReturnType<typeof createScheduledBackup>;
