import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from "rate-limiter-flexible";
import type { DatabaseConfig } from "../config.ts";
import { openRateLimitCountsPool } from "../db/postgres-database.ts";
import { clientKey } from "./client-key.ts";

/**
 * Appeals per client in two fixed windows, a minute and a day, counted by rate-limiter-flexible:
 * in memory (bounded) for one process, in PostgreSQL (migration 4's `rate_limits`) when the
 * store is PostgreSQL, so several app servers share one count. A client is its IPv4 address or
 * its IPv6 /64 (server/appeals/client-key.ts).
 */
export type RateLimits = { perMinute: number; perDay: number };

type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
  take(address: string): Promise<RateDecision>;
  /** Gives back a point taken, in both windows: the attempt turned out not to count. */
  giveBack(address: string): Promise<void>;
  close(): Promise<void>;
};

/**
 * How a limiter names what it counts: a client's address by default (server/appeals/client-key.ts);
 * a limiter of other things (the status page's e-mails) names them itself.
 */
export type KeyOf = (counted: string) => string;

/** Memory limit: at most this many clients are tracked; the least recently seen go first. */
const defaultMaxTrackedClients = 100_000;

type Windows = { minute: RateLimiterAbstract; day: RateLimiterAbstract };

/**
 * One attempt: the minute's count first; past it, refused without touching the day's count, so a
 * burst does not use up the day of everyone behind the same address. Past the day's count, the
 * minute's point is given back.
 */
async function take(windows: Windows, key: string): Promise<RateDecision> {
  try {
    await windows.minute.consume(key);
  } catch (refusal) {
    return refused(refusal);
  }
  try {
    await windows.day.consume(key);
    return { allowed: true };
  } catch (refusal) {
    await windows.minute.reward(key, 1);
    return refused(refusal);
  }
}

async function giveBack(windows: Windows, key: string): Promise<void> {
  await Promise.all([windows.minute.reward(key, 1), windows.day.reward(key, 1)]);
}

function refused(refusal: unknown): RateDecision {
  // Only a RateLimiterRes is a refusal; anything else is a failure of the count itself.
  if (!(refusal instanceof RateLimiterRes)) throw refusal;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
}

function memoryWindows(limits: RateLimits): Windows {
  return {
    minute: new RateLimiterMemory({ points: limits.perMinute, duration: 60 }),
    day: new RateLimiterMemory({ points: limits.perDay, duration: 24 * 60 * 60 }),
  };
}

/** One process's limiter. Each key lives no longer than its window, and never more than `maxTracked`. */
export function createMemoryRateLimiter(
  limits: RateLimits,
  options: { maxTracked?: number; keyOf?: KeyOf } = {},
): RateLimiter & { tracked(): number } {
  const windows = memoryWindows(limits);
  const maxTracked = options.maxTracked ?? defaultMaxTrackedClients;
  const keyOf = options.keyOf ?? clientKey;
  // Insertion order is recency: a key seen again moves to the end; the first is the stalest.
  const recent = new Map<string, number>();
  const dayMs = 24 * 60 * 60 * 1000;
  return {
    async take(address) {
      const key = keyOf(address);
      const now = Date.now();
      recent.delete(key);
      recent.set(key, now);
      for (const [stale, seen] of recent) {
        if (recent.size <= maxTracked && now - seen < dayMs) break;
        recent.delete(stale);
        await Promise.all([windows.minute.delete(stale), windows.day.delete(stale)]);
      }
      return take(windows, key);
    },
    giveBack: (address) => giveBack(windows, keyOf(address)),
    tracked: () => recent.size,
    async close() {},
  };
}

/**
 * Several app servers on one PostgreSQL: counts in `rate_limits`. Should the database not
 * answer, each process falls back to its own memory count (the library's insurance limiter)
 * rather than refusing or failing appeals.
 */
function createPostgresRateLimiter(
  limits: RateLimits,
  url: string,
  /** Names the counts; every app server of one site must use the same. */
  keyPrefix = "appeals",
): RateLimiter {
  // Its own connections, whose commits do not wait for the disk (server/db/postgres-database.ts).
  const counts = openRateLimitCountsPool(url);
  return { ...sharedRateLimiter(limits, counts.client, keyPrefix), close: () => counts.close() };
}

/**
 * A limiter counting in `rate_limits` through connections the caller owns (and closes), so that
 * several limiters of one feature share a pool.
 */
export function sharedRateLimiter(
  limits: RateLimits,
  client: ReturnType<typeof openRateLimitCountsPool>["client"],
  keyPrefix: string,
  keyOf: KeyOf = clientKey,
): RateLimiter {
  const insurance = memoryWindows(limits);
  const shared = (
    prefix: string,
    points: number,
    duration: number,
    fallback: RateLimiterAbstract,
  ) =>
    new RateLimiterPostgres({
      storeClient: client,
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true,
      keyPrefix: prefix,
      points,
      duration,
      insuranceLimiter: fallback as RateLimiterMemory,
    });
  const windows: Windows = {
    minute: shared(`${keyPrefix}-minute`, limits.perMinute, 60, insurance.minute),
    day: shared(`${keyPrefix}-day`, limits.perDay, 24 * 60 * 60, insurance.day),
  };
  return {
    take: (address) => take(windows, keyOf(address)),
    giveBack: (address) => giveBack(windows, keyOf(address)),
    async close() {},
  };
}

/** The limiter that fits the store: shared in PostgreSQL, in memory for SQLite's one process. */
export function openRateLimiter(
  limits: RateLimits,
  database: DatabaseConfig,
  keyPrefix?: string,
): RateLimiter {
  return database.kind === "postgres"
    ? createPostgresRateLimiter(limits, database.url, keyPrefix)
    : createMemoryRateLimiter(limits);
}
