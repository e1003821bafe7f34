import { createHash } from "node:crypto";
import type { DatabaseConfig } from "../config.ts";
import { openRateLimitCountsPool } from "../db/postgres-database.ts";
import {
  createMemoryRateLimiter,
  type KeyOf,
  type RateLimiter,
  type RateLimits,
  sharedRateLimiter,
} from "./rate-limiter.ts";

/**
 * What bounds guessing on the status page (decision 0025). A number and an e-mail are the key to
 * an appeal's state, and numbers are sequential: anyone who knows a person's e-mail could try
 * number after number from many addresses. So besides every lookup per client address, the
 * lookups that find nothing are counted per e-mail (its key, domain/appeals/email-key.ts) and in
 * all. A lookup takes its points before the store is asked and gives them back when it finds
 * the appeal, so lookups running at once cannot overshoot, and a refusal comes before the
 * lookup: it says nothing about whether the number exists.
 */
export const statusLookupLimits = {
  /** Every lookup, per client address: enough for typing mistakes, too few to guess numbers. */
  perClient: { perMinute: 10, perDay: 100 },
  /** Lookups that found nothing, per e-mail, from any address. */
  failedPerEmail: { perMinute: 5, perDay: 10 },
  /** Lookups that found nothing, in all: what many addresses and many e-mails together get. */
  failedInAll: { perMinute: 30, perDay: 300 },
} as const satisfies Record<string, RateLimits>;

export type StatusLookupRefusal = "client" | "email" | "all";

type StatusLookupPass =
  | {
      allowed: true /** The lookup found the appeal: its failure points are given back. */;
      found(): Promise<void>;
    }
  | { allowed: false; refusal: StatusLookupRefusal };

export type StatusLookupGuard = {
  /** One lookup from `clientAddress` for the e-mail whose key is `emailKey`. */
  pass(clientAddress: string, emailKey: string): Promise<StatusLookupPass>;
  close(): Promise<void>;
};

// The counts keep no address: an e-mail is counted under a digest of its key.
const digest: KeyOf = (emailKey) => createHash("sha256").update(emailKey).digest("base64url");
const inAll = "all";

function guardOver(
  limiters: { client: RateLimiter; email: RateLimiter; all: RateLimiter },
  close: () => Promise<void>,
): StatusLookupGuard {
  return {
    async pass(clientAddress, emailKey) {
      if (!(await limiters.client.take(clientAddress)).allowed) {
        return { allowed: false, refusal: "client" };
      }
      if (!(await limiters.email.take(emailKey)).allowed)
        return { allowed: false, refusal: "email" };
      if (!(await limiters.all.take(inAll)).allowed) {
        await limiters.email.giveBack(emailKey);
        return { allowed: false, refusal: "all" };
      }
      return {
        allowed: true,
        found: async () => {
          await Promise.all([limiters.email.giveBack(emailKey), limiters.all.giveBack(inAll)]);
        },
      };
    },
    close,
  };
}

/** One process's guard, counting in memory (SQLite's single server, tests). */
export function createMemoryStatusLookupGuard(
  limits: typeof statusLookupLimits = statusLookupLimits,
): StatusLookupGuard {
  return guardOver(
    {
      client: createMemoryRateLimiter(limits.perClient),
      email: createMemoryRateLimiter(limits.failedPerEmail, { keyOf: digest }),
      all: createMemoryRateLimiter(limits.failedInAll, { keyOf: (key) => key }),
    },
    async () => {},
  );
}

/**
 * The guard that fits the store: on PostgreSQL its counts are in `rate_limits`, shared by the app
 * servers of one site (through one small pool of their own); in memory for SQLite's one process.
 */
export function openStatusLookupGuard(database: DatabaseConfig): StatusLookupGuard {
  if (database.kind !== "postgres") return createMemoryStatusLookupGuard();
  const counts = openRateLimitCountsPool(database.url);
  const limits = statusLookupLimits;
  return guardOver(
    {
      // "status" is the key the client counts had before the e-mail's and the total's were added.
      client: sharedRateLimiter(limits.perClient, counts.client, "status"),
      email: sharedRateLimiter(limits.failedPerEmail, counts.client, "status-email", digest),
      all: sharedRateLimiter(limits.failedInAll, counts.client, "status-all", (key) => key),
    },
    () => counts.close(),
  );
}
