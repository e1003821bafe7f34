/**
 * The scheduled jobs' record (server/scheduled-jobs/): one row per job and Kirov day. The server
 * whose claim of the row goes in runs the day's job and renews its claim while it works; the
 * others find it taken. A claim is free to take again when its run failed an hour ago or more, or
 * when it has not been renewed for the lease (its server died: the run was interrupted). A day
 * interrupted twice waits an hour, so a job that takes its server down does not do so in a loop.
 */
import { type Database, isoMoment, nullableMoment, type SqlExecutor } from "./database.ts";

export type JobRunTimes = {
  /** A claim not renewed for this long was interrupted. */
  leaseMs: number;
  /** A failed or twice interrupted day waits this long before any server tries it again. */
  retryAfterMs: number;
};

/**
 * A running job renews its claim every 30 s; two minutes without it and the run is taken as
 * interrupted. A failed day is tried again an hour later (the README's promise).
 */
export const jobRunTimes: JobRunTimes = { leaseMs: 2 * 60_000, retryAfterMs: 60 * 60_000 };

export type JobRun = {
  claimedBy: string;
  renewedAt: string;
  finishedAt: string | null;
  failedAt: string | null;
  interruptedAt: string | null;
};

export type JobRunsStatus = {
  /** The newest finished run: its day, when it finished, what it reported. */
  last: { day: string; at: string; result: Record<string, unknown> } | null;
  /** The newest failure, when it is newer than the last finished run. */
  failure: { day: string; at: string; error: string } | null;
  /** The newest run whose server died, when newer than the last finished run: its last sign of life. */
  interrupted: { day: string; at: string } | null;
};

export function createScheduledJobRunsRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;
  const ago = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();
  return {
    async read(job: string, day: string): Promise<JobRun | null> {
      const [row] = await db.all(
        "SELECT claimed_by, renewed_at, finished_at, failed_at, interrupted_at FROM scheduled_job_runs WHERE job = ? AND day = ?",
        [job, day],
      );
      if (!row) return null;
      return {
        claimedBy: String(row.claimed_by),
        renewedAt: isoMoment(row.renewed_at),
        finishedAt: nullableMoment(row.finished_at),
        failedAt: nullableMoment(row.failed_at),
        interruptedAt: nullableMoment(row.interrupted_at),
      };
    },

    /**
     * Claims the day for `owner`; false while another server holds it, has done it, or failed it
     * within the hour. `deadClaimer`: the claimer is known dead now (a process of this machine
     * that is gone), so its claim need not wait out the lease.
     */
    async claim(
      job: string,
      day: string,
      owner: string,
      now: Date,
      times: JobRunTimes,
      deadClaimer: string | null = null,
    ): Promise<boolean> {
      const at = now.toISOString();
      const retryBefore = ago(now, times.retryAfterMs);
      const changed = await db.run(
        `INSERT INTO scheduled_job_runs (job, day, claimed_by, claimed_at, renewed_at)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (job, day) DO UPDATE SET claimed_by = excluded.claimed_by,
           claimed_at = excluded.claimed_at, renewed_at = excluded.renewed_at,
           failed_at = NULL, error = NULL,
           interrupted_at = CASE WHEN scheduled_job_runs.failed_at IS NULL
             THEN scheduled_job_runs.renewed_at ELSE scheduled_job_runs.interrupted_at END
         WHERE scheduled_job_runs.finished_at IS NULL AND (scheduled_job_runs.failed_at < ?
           OR (scheduled_job_runs.failed_at IS NULL
             AND (scheduled_job_runs.renewed_at < ? OR scheduled_job_runs.claimed_by = ?)
             AND (scheduled_job_runs.interrupted_at IS NULL OR scheduled_job_runs.renewed_at < ?)))`,
        [
          job,
          day,
          owner,
          at,
          at,
          retryBefore,
          ago(now, times.leaseMs),
          deadClaimer ?? "",
          retryBefore,
        ],
      );
      return changed === 1;
    },

    /** The claimer is still at work; false when the claim is no longer its own. */
    async renew(job: string, day: string, owner: string, now: Date): Promise<boolean> {
      const changed = await db.run(
        "UPDATE scheduled_job_runs SET renewed_at = ? WHERE job = ? AND day = ? AND claimed_by = ? AND finished_at IS NULL",
        [now.toISOString(), job, day, owner],
      );
      return changed === 1;
    },

    /**
     * The day done, with what the job reports; in the work's own transaction when given, so the
     * work and this mark commit together. False when the claim is no longer `owner`'s.
     */
    async finish(
      job: string,
      day: string,
      owner: string,
      now: Date,
      result: Record<string, unknown>,
      tx?: SqlExecutor,
    ): Promise<boolean> {
      const changed = await on(tx).run(
        "UPDATE scheduled_job_runs SET finished_at = ?, renewed_at = ?, result = ? WHERE job = ? AND day = ? AND claimed_by = ? AND finished_at IS NULL",
        [now.toISOString(), now.toISOString(), JSON.stringify(result), job, day, owner],
      );
      return changed === 1;
    },

    async fail(job: string, day: string, owner: string, now: Date, error: string) {
      await db.run(
        "UPDATE scheduled_job_runs SET failed_at = ?, error = ? WHERE job = ? AND day = ? AND claimed_by = ? AND finished_at IS NULL",
        [now.toISOString(), error, job, day, owner],
      );
    },

    /** Days of `job` whose run is under way now (claimed, renewed within the lease, unfinished). */
    async liveDays(job: string, now: Date, leaseMs: number): Promise<string[]> {
      const rows = await db.all(
        "SELECT day FROM scheduled_job_runs WHERE job = ? AND finished_at IS NULL AND failed_at IS NULL AND renewed_at >= ?",
        [job, ago(now, leaseMs)],
      );
      return rows.map((row) => String(row.day));
    },

    async status(job: string, now: Date, leaseMs: number): Promise<JobRunsStatus> {
      const [last] = await db.all(
        "SELECT day, finished_at, result FROM scheduled_job_runs WHERE job = ? AND finished_at IS NOT NULL ORDER BY day DESC LIMIT 1",
        [job],
      );
      const [failure] = await db.all(
        "SELECT day, failed_at, error FROM scheduled_job_runs WHERE job = ? AND failed_at IS NOT NULL ORDER BY failed_at DESC LIMIT 1",
        [job],
      );
      // Interrupted: taken over since (interrupted_at), or still waiting to be (not renewed).
      const [interrupted] = await db.all(
        `SELECT day, CASE WHEN finished_at IS NULL AND failed_at IS NULL AND renewed_at < ?
           THEN renewed_at ELSE interrupted_at END AS at
         FROM scheduled_job_runs WHERE job = ? AND (interrupted_at IS NOT NULL
           OR (finished_at IS NULL AND failed_at IS NULL AND renewed_at < ?))
         ORDER BY at DESC LIMIT 1`,
        [ago(now, leaseMs), job, ago(now, leaseMs)],
      );
      const lastAt = last ? isoMoment(last.finished_at) : null;
      const newer = (at: string | null): at is string =>
        at !== null && (lastAt === null || at > lastAt);
      const failedAt = failure ? nullableMoment(failure.failed_at) : null;
      const interruptedAt = interrupted ? nullableMoment(interrupted.at) : null;
      return {
        last: last
          ? {
              day: String(last.day),
              at: String(lastAt),
              result: JSON.parse(String(last.result ?? "{}")) as Record<string, unknown>,
            }
          : null,
        failure:
          failure && newer(failedAt)
            ? { day: String(failure.day), at: failedAt, error: String(failure.error) }
            : null,
        interrupted:
          interrupted && newer(interruptedAt)
            ? { day: String(interrupted.day), at: interruptedAt }
            : null,
      };
    },
  };
}
