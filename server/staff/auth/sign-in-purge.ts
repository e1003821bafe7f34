/**
 * What signing in leaves behind, dropped on a schedule: lockout counters whose window is over,
 * sessions that can open nothing any more, and sign-in audit lines (sign-in, sign-out, failure,
 * refusal) older than the configured term. Without it each kept growing: a counter was pruned
 * only when its key failed again, and nothing else ever was.
 */
import type { FastifyBaseLogger } from "fastify";
import type { DataLayer } from "../../db/data-layer.ts";
import { createDailyJob } from "../../scheduled-jobs/daily-job.ts";
import { sessionLimits } from "./staff-auth.ts";

const dayMs = 86_400_000;

export type SignInPurged = { counters: number; sessions: number; auditLines: number };

export async function purgeSignInLeftovers(
  data: Pick<DataLayer, "signInGuard" | "staffAccounts" | "audit">,
  auditDays: number,
  now: Date = new Date(),
): Promise<SignInPurged> {
  const at = now.getTime();
  return {
    counters: await data.signInGuard.purgeExpired(now),
    sessions: await data.staffAccounts.purgeSessionsOver(
      new Date(at - sessionLimits.idleMs),
      new Date(at - sessionLimits.absoluteMs),
    ),
    auditLines: await data.audit.purgeSignInEventsBefore(new Date(at - auditDays * dayMs)),
  };
}

/**
 * The purge as a daily job at PURGE_TIME, run by one server a day (it used to run on every server
 * at start and hourly: what it drops is already harmless, expired counters and dead sessions, so
 * once a day is enough to keep the tables from growing).
 */
export function createSignInPurgeJob(deps: {
  data: Pick<DataLayer, "signInGuard" | "staffAccounts" | "audit" | "jobRuns">;
  auditDays: number;
  time: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  return createDailyJob({
    name: "sign-in-purge",
    time: deps.time,
    data: deps.data,
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
    async run({ at }) {
      const purged = await purgeSignInLeftovers(deps.data, deps.auditDays, at);
      if (purged.counters + purged.sessions + purged.auditLines > 0) {
        deps.log.info(purged, "sign-in leftovers purged");
      }
      return purged;
    },
  });
}
