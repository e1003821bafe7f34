import type { FastifyBaseLogger } from "fastify";
import { kirovIsoDate, startOfKirovDay } from "../../domain/time/kirov-time.ts";
import { eventEntry } from "../db/audit-repository.ts";
import type { DataLayer } from "../db/data-layer.ts";
import type { Transaction } from "../db/database.ts";
import { createDailyJob } from "../scheduled-jobs/daily-job.ts";

/**
 * How long appeals are kept: 5 years from receipt, the term of the standard list of archival
 * documents (README, Retention).
 */
export const defaultRetentionYears = 5;

/** The start of the Kirov day `years` years before `now`: appeals received before it go. */
export function purgeCutoff(years: number, now = new Date()): Date {
  const [year, month, day] = kirovIsoDate(now).split("-");
  const date = `${String(Number(year) - years).padStart(4, "0")}-${month}-${day === "29" && month === "02" ? "28" : day}`;
  return startOfKirovDay(date) ?? now;
}

/**
 * Deletes the appeals received before `cutoff` with their deliveries and audit lines, and records
 * in the same transaction that a purge happened (how many, the cutoff, who ran it) without any of
 * their data. The operators' `npm run appeals -- purge` runs it, and the daily job below.
 */
export function purgeAppealsReceivedBefore(
  data: Pick<DataLayer, "transaction" | "appeals" | "audit">,
  cutoff: Date,
  by: string,
  now: Date,
  /** Runs in the purge's transaction (the scheduled job's mark of the day). */
  alongside?: (tx: Transaction, deleted: number) => Promise<void>,
): Promise<number> {
  return data.transaction(async (tx) => {
    const deleted = await data.appeals.purgeReceivedBefore(cutoff, tx);
    await data.audit.record(
      eventEntry(
        now,
        by,
        "purge",
        `удалено обращений: ${deleted}, поступивших до ${cutoff.toISOString()}`,
      ),
      tx,
    );
    await alongside?.(tx, deleted);
    return deleted;
  });
}

/**
 * The retention purge as a daily job at PURGE_TIME: one server a day deletes the appeals past the
 * term, and the day's mark commits with the deletion.
 */
export function createRetentionPurgeJob(deps: {
  data: Pick<DataLayer, "transaction" | "appeals" | "audit" | "jobRuns">;
  time: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  return createDailyJob({
    name: "retention-purge",
    time: deps.time,
    data: deps.data,
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
    async run({ at, finishIn }) {
      const cutoff = purgeCutoff(defaultRetentionYears, at);
      const deleted = await purgeAppealsReceivedBefore(
        deps.data,
        cutoff,
        "сервер (ежедневное удаление по сроку хранения)",
        at,
        (tx, count) => finishIn(tx, { deleted: count }),
      );
      if (deleted > 0) deps.log.info({ deleted }, "appeals past the retention term purged");
      return {};
    },
  });
}
