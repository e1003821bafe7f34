/**
 * The scheduled backups as /healthz and /metrics report them: the runs of the job 'backup' in the
 * scheduled jobs' record (scheduled-job-runs-repository.ts), with the file and size each reported.
 */
import type { Database } from "./database.ts";
import { createScheduledJobRunsRepository, jobRunTimes } from "./scheduled-job-runs-repository.ts";

/** The scheduled jobs' name of the daily backup. */
export const backupJobName = "backup";

export type BackupRunsStatus = {
  /** The newest backup in place: when it finished, its file's name and size. */
  last: { day: string; at: string; file: string; bytes: number } | null;
  /** The newest failure, when it is newer than the newest backup. */
  failure: { day: string; at: string; error: string } | null;
  /** The newest backup whose server died while taking it, when newer than the newest backup. */
  interrupted: { day: string; at: string } | null;
};

export function createBackupRunsRepository(db: Database) {
  const runs = createScheduledJobRunsRepository(db);
  return {
    async status(now = new Date()): Promise<BackupRunsStatus> {
      const { last, failure, interrupted } = await runs.status(
        backupJobName,
        now,
        jobRunTimes.leaseMs,
      );
      return {
        last: last && {
          day: last.day,
          at: last.at,
          file: String(last.result.file),
          bytes: Number(last.result.bytes),
        },
        failure,
        interrupted,
      };
    },
  };
}
