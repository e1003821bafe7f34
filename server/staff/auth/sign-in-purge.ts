/**
 * What signing in leaves behind, dropped on a schedule: lockout counters whose window is over,
 * sessions that can open nothing any more, and sign-in audit lines (sign-in, sign-out, failure,
 * refusal) older than the configured term. Without it each kept growing: a counter was pruned
 * only when its key failed again, and nothing else ever was.
 */
import type { FastifyBaseLogger } from "fastify";
import type { DataLayer } from "../../db/data-layer.ts";
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

/** Purges now and every `everyMs` until stopped; a purge never overlaps the previous one. */
export function startSignInPurge(
  data: Pick<DataLayer, "signInGuard" | "staffAccounts" | "audit">,
  options: { auditDays: number; log: FastifyBaseLogger; everyMs?: number },
) {
  const purge = () =>
    purgeSignInLeftovers(data, options.auditDays)
      .then((purged) => {
        if (purged.counters + purged.sessions + purged.auditLines > 0) {
          options.log.info(purged, "sign-in leftovers purged");
        }
      })
      .catch((error) => {
        const { name, code } = error as Error & { code?: unknown };
        options.log.error({ error: { name, code } }, "sign-in leftovers not purged; tried again");
      });
  let running: Promise<unknown> = purge();
  const timer = setInterval(() => {
    running = running.then(purge);
  }, options.everyMs ?? 3_600_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
