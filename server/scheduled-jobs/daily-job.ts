/**
 * The one way the server runs a job "daily at HH:MM Kirov time, once a day however many servers
 * share the store" (decision 0023): the reminder, the backup, the purges. Each server checks every
 * minute; the one whose claim of the day's row goes in runs the job and renews its claim while it
 * works. A run is done when its mark is written: inside the job's own transaction when the job
 * has one (its effect and the mark commit together, so a restart can neither repeat nor lose
 * it), else once the job returns. A server that dies mid-run leaves a claim nobody renews: it is
 * reported as interrupted and taken again (at once by a restarted server of the same machine,
 * after the two-minute lease by another). A failure is recorded and tried again an hour later.
 */
import type { FastifyBaseLogger } from "fastify";
import { kirovIsoDate, kirovMinuteOfDay } from "../../domain/time/kirov-time.ts";
import type { DataLayer } from "../db/data-layer.ts";
import type { Transaction } from "../db/database.ts";
import { jobRunTimes } from "../db/scheduled-job-runs-repository.ts";
import { claimerIsGone, newClaimerId } from "./claimer.ts";

export type DailyJobOutcome = "not-yet" | "done" | "claimed-elsewhere" | "ran" | "failed";

/** One day's run as the job sees it. */
export type DailyRun = {
  day: string;
  /** When the run started. */
  at: Date;
  /**
   * Marks the day done inside the job's transaction, with what it reports: the effect and the mark
   * commit together. Throws (rolling the work back) when the claim is no longer this server's.
   */
  finishIn(tx: Transaction, result?: Record<string, unknown>): Promise<void>;
};

class ClaimLostError extends Error {
  override name = "ClaimLostError";
}

export type DailyJob = {
  name: string;
  time: string;
  runOnce(): Promise<DailyJobOutcome>;
  /** Run once before the first check, when the server starts (leftovers of a killed run). */
  atStart?: () => Promise<void>;
};

export function createDailyJob(deps: {
  /** The job's name in the record and the log: 'backup', 'daily-reminder', … */
  name: string;
  /** 'HH:MM', Kirov time (checked by the configuration). */
  time: string;
  data: Pick<DataLayer, "jobRuns">;
  log: FastifyBaseLogger;
  /** The day's work; what it returns is kept with the run unless it called `finishIn`. */
  run(run: DailyRun): Promise<Record<string, unknown>>;
  /** What of a failure is recorded and logged: name and code unless told (no personal data). */
  describeError?: (error: unknown) => string;
  atStart?: () => Promise<void>;
  now?: () => Date;
  renewEveryMs?: number;
}): DailyJob {
  const { name, data, log } = deps;
  const now = deps.now ?? (() => new Date());
  const describe = deps.describeError ?? nameAndCode;
  const owner = newClaimerId();
  const [hour, minute] = deps.time.split(":").map(Number);
  const startAfter = Number(hour) * 60 + Number(minute);
  const renewEveryMs = deps.renewEveryMs ?? jobRunTimes.leaseMs / 4;
  let doneDay: string | undefined;

  async function runOnce(): Promise<DailyJobOutcome> {
    const at = now();
    const day = kirovIsoDate(at);
    if (kirovMinuteOfDay(at) < startAfter) return "not-yet";
    if (doneDay === day) return "done";
    const before = await data.jobRuns.read(name, day);
    if (before?.finishedAt) {
      doneDay = day;
      return "done";
    }
    const unfinished = before !== null && before.failedAt === null;
    const dead = unfinished && claimerIsGone(before.claimedBy) ? before.claimedBy : null;
    if (!(await data.jobRuns.claim(name, day, owner, at, jobRunTimes, dead))) {
      return "claimed-elsewhere";
    }
    if (unfinished) {
      log.warn(
        { job: name, day, lastSignOfLife: before.renewedAt },
        `${name} interrupted: its server stopped during the run; run again now`,
      );
    }
    const renewal = setInterval(() => {
      data.jobRuns.renew(name, day, owner, now()).catch(() => {});
    }, renewEveryMs);
    renewal.unref();
    let finished = false;
    try {
      const result = await deps.run({
        day,
        at,
        async finishIn(tx, reported = {}) {
          if (!(await data.jobRuns.finish(name, day, owner, now(), reported, tx))) {
            throw new ClaimLostError(`${name} of ${day} was taken over by another server`);
          }
          finished = true;
        },
      });
      if (!finished) await data.jobRuns.finish(name, day, owner, now(), result);
      doneDay = day;
      return "ran";
    } catch (error) {
      // Taken over while it ran (its claim had lapsed): the other server's run is the day's.
      if (error instanceof ClaimLostError) return "claimed-elsewhere";
      const message = describe(error);
      await data.jobRuns.fail(name, day, owner, now(), message).catch(() => {});
      log.error({ job: name, day, error: message }, `${name} failed; tried again in an hour`);
      return "failed";
    } finally {
      clearInterval(renewal);
    }
  }

  return { name, time: deps.time, runOnce, ...(deps.atStart ? { atStart: deps.atStart } : {}) };
}

function nameAndCode(error: unknown): string {
  const { name, code } = error as Error & { code?: unknown };
  return code === undefined ? String(name) : `${String(name)} ${String(code)}`;
}
