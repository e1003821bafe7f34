/**
 * Leases of continuous jobs (issue 46): a job that runs all the time on one server of several,
 * today the mailbox reader ('mailbox'). The server whose claim goes in holds the job until its
 * lease runs out, and renews it while it works; a server that dies stops renewing and another
 * takes the job over once the lease has run out (at once when the holder is known dead: a process
 * of this machine that is gone). The row also keeps the job's last success and last failure (an
 * error's name and code, never a message's content), which /healthz and /metrics tell; and the
 * count of read messages waiting for a registrar, which they tell beside it.
 */
import { type Database, nullableMoment, nullableText } from "./database.ts";

export type JobLease = {
  owner: string | null;
  /** Null once released: free to claim. */
  leaseUntil: string | null;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  /** The last failure's error name and code. */
  lastError: string | null;
};

export function createJobLeasesRepository(db: Database) {
  const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();
  return {
    async read(name: string): Promise<JobLease | null> {
      const [row] = await db.all(
        "SELECT owner, lease_until, last_success_at, last_failure_at, last_error FROM job_leases WHERE name = ?",
        [name],
      );
      if (!row) return null;
      return {
        owner: nullableText(row.owner),
        leaseUntil: nullableMoment(row.lease_until),
        lastSuccessAt: nullableMoment(row.last_success_at),
        lastFailureAt: nullableMoment(row.last_failure_at),
        lastError: nullableText(row.last_error),
      };
    },

    /**
     * Claims the job for `owner` until `now + leaseMs`; false while another holds an unexpired
     * lease. Its own lease it claims again (a renewal). `deadClaimer`: a holder known dead now,
     * whose lease need not be waited out.
     */
    async claim(
      name: string,
      owner: string,
      now: Date,
      leaseMs: number,
      deadClaimer: string | null = null,
    ): Promise<boolean> {
      const changed = await db.run(
        `INSERT INTO job_leases (name, owner, lease_until) VALUES (?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, lease_until = excluded.lease_until
         WHERE job_leases.owner IS NULL OR job_leases.lease_until IS NULL
           OR job_leases.lease_until <= ? OR job_leases.owner = ? OR job_leases.owner = ?`,
        [name, owner, later(now, leaseMs), now.toISOString(), owner, deadClaimer ?? ""],
      );
      return changed === 1;
    },

    /** The holder is still at work; false when the lease is no longer its own. */
    async renew(name: string, owner: string, now: Date, leaseMs: number): Promise<boolean> {
      const changed = await db.run(
        "UPDATE job_leases SET lease_until = ? WHERE name = ? AND owner = ?",
        [later(now, leaseMs), name, owner],
      );
      return changed === 1;
    },

    /** Gives the job up (the server stops): another may claim it at once. */
    async release(name: string, owner: string): Promise<void> {
      await db.run("UPDATE job_leases SET lease_until = NULL WHERE name = ? AND owner = ?", [
        name,
        owner,
      ]);
    },

    /** A run of the holder's went through; false when the lease is no longer its own. */
    async succeeded(name: string, owner: string, now: Date): Promise<boolean> {
      const changed = await db.run(
        "UPDATE job_leases SET last_success_at = ? WHERE name = ? AND owner = ?",
        [now.toISOString(), name, owner],
      );
      return changed === 1;
    },

    /** A run of the holder's failed: `error` is its name and code, nothing else. */
    async failed(name: string, owner: string, now: Date, error: string): Promise<boolean> {
      const changed = await db.run(
        "UPDATE job_leases SET last_failure_at = ?, last_error = ? WHERE name = ? AND owner = ?",
        [now.toISOString(), error, name, owner],
      );
      return changed === 1;
    },

    /** Messages read from the mailbox that wait for a registrar («Письма без обращения»). */
    async waitingInboundMessages(): Promise<number> {
      const [row] = await db.all(
        "SELECT COUNT(*) AS count FROM inbound_messages WHERE state = 'waiting'",
      );
      return Number(row?.count ?? 0);
    },
  };
}

export type JobLeasesRepository = ReturnType<typeof createJobLeasesRepository>;
