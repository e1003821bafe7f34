/**
 * The scheduled backups' record: one row per Kirov day. The server whose claim of the day goes in
 * takes the backup; the others find it taken, as with the daily reminder. A failed day can be
 * claimed again an hour after its failure, by any server: a passing fault (a full disk freed, a
 * database restart) costs an hour, not the day's backup.
 */
import { type Database, isoMoment, nullableMoment, type SqlExecutor } from "./database.ts";

/** How long a failed day waits before any server may try it again. */
export const backupRetryAfterMs = 60 * 60_000;
/** A claim neither finished nor failed this long: its server died mid-backup; free to take. */
export const backupAbandonedAfterMs = 3 * 60 * 60_000;

export type BackupRunsStatus = {
  /** The newest backup in place: when it finished, its file's name and size. */
  last: { day: string; at: string; file: string; bytes: number } | null;
  /** The newest failure, when it is newer than the newest backup. */
  failure: { day: string; at: string; error: string } | null;
};

export function createBackupRunsRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;
  return {
    /** Claims `day` for `owner`; false while another server holds it or has done it. */
    async claimDay(day: string, owner: string, now: Date, tx?: SqlExecutor): Promise<boolean> {
      const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
      const changed = await on(tx).run(
        `INSERT INTO backup_runs (day, claimed_by, claimed_at) VALUES (?, ?, ?)
         ON CONFLICT (day) DO UPDATE SET claimed_by = excluded.claimed_by,
           claimed_at = excluded.claimed_at, failed_at = NULL, error = NULL
         WHERE backup_runs.finished_at IS NULL AND (backup_runs.failed_at < ?
           OR (backup_runs.failed_at IS NULL AND backup_runs.claimed_at < ?))`,
        [day, owner, now.toISOString(), before(backupRetryAfterMs), before(backupAbandonedAfterMs)],
      );
      return changed === 1;
    },

    async finished(day: string, owner: string, file: string, bytes: number, at: Date) {
      await on(undefined).run(
        "UPDATE backup_runs SET finished_at = ?, file = ?, bytes = ? WHERE day = ? AND claimed_by = ?",
        [at.toISOString(), file, bytes, day, owner],
      );
    },

    async failed(day: string, owner: string, error: string, at: Date) {
      await on(undefined).run(
        "UPDATE backup_runs SET failed_at = ?, error = ? WHERE day = ? AND claimed_by = ?",
        [at.toISOString(), error, day, owner],
      );
    },

    /** Whether the day's backup is in place. */
    async isDone(day: string): Promise<boolean> {
      const rows = await db.all(
        "SELECT 1 AS done FROM backup_runs WHERE day = ? AND finished_at IS NOT NULL",
        [day],
      );
      return rows.length > 0;
    },

    async status(): Promise<BackupRunsStatus> {
      const [last] = await db.all(
        "SELECT day, finished_at, file, bytes FROM backup_runs WHERE finished_at IS NOT NULL ORDER BY day DESC LIMIT 1",
      );
      const [failure] = await db.all(
        "SELECT day, failed_at, error FROM backup_runs WHERE failed_at IS NOT NULL ORDER BY failed_at DESC LIMIT 1",
      );
      const lastAt = last ? isoMoment(last.finished_at) : null;
      const failedAt = failure ? nullableMoment(failure.failed_at) : null;
      return {
        last: last
          ? {
              day: String(last.day),
              at: String(lastAt),
              file: String(last.file),
              bytes: Number(last.bytes),
            }
          : null,
        failure:
          failure && failedAt && (lastAt === null || failedAt > lastAt)
            ? { day: String(failure.day), at: failedAt, error: String(failure.error) }
            : null,
      };
    },
  };
}

export type BackupRunsRepository = ReturnType<typeof createBackupRunsRepository>;
