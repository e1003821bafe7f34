/**
 * What visitors search for, counted (issue 42, decision 0060): each search from the /search page
 * adds one to its Kirov day's count of its normalised query (and to the count of those that found
 * nothing), in memory; the counts go to the store in one upsert every few seconds, when the
 * server closes, and before staff read them. A search costs a map update, never a statement.
 *
 * Not counted: a query that may hold personal data or has no word (domain/search/query-record.ts),
 * and a search by a bot (isbot on the user agent, which is read and forgotten). Nothing of the
 * query ever reaches a log line: a failed write logs its error's code only.
 *
 * The days older than 13 months are deleted with a flush, at most once a day per server.
 */
import { isbot } from "isbot";
import { firstKeptDay, recordedQuery } from "../../domain/search/query-record.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import {
  maxCountsPerAdd,
  type QueryDayCount,
  type SearchQueriesRepository,
} from "../db/search-queries-repository.ts";

/** How often the counts go to the store by default. */
const defaultFlushEveryMs = 5_000;

/** A repeating timer: the real one by default, one a test fires itself. */
type FlushTimer = (flush: () => Promise<void>, everyMs: number) => { stop(): void };

const realTimer: FlushTimer = (flush, everyMs) => {
  const timer = setInterval(() => void flush(), everyMs);
  // The counts are written when the server closes: the timer keeps no process alive.
  timer.unref();
  return { stop: () => clearInterval(timer) };
};

export type SearchQueryCounterOptions = {
  store: Pick<SearchQueriesRepository, "add" | "deleteBefore">;
  /** Where a failed write is told (the error's code only). */
  log: { warn(details: object, message: string): void };
  flushEveryMs?: number;
  now?: () => Date;
  timer?: FlushTimer;
};

export type SearchQueryCounter = {
  /** Counts one search from the /search page: what was typed, whether it found anything, by whom. */
  count(typed: string, found: boolean, userAgent: string | undefined): void;
  /** Writes the counts kept so far (and deletes the days past keeping, once a day); never throws. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
};

/** Why a write failed, without its message: a store's message may quote the values it was given. */
const errorCode = (error: unknown): string =>
  String((error as { code?: unknown } | null)?.code ?? (error as Error | null)?.name ?? "unknown");

export function createSearchQueryCounter(options: SearchQueryCounterOptions): SearchQueryCounter {
  const now = options.now ?? (() => new Date());
  const everyMs = options.flushEveryMs ?? defaultFlushEveryMs;
  // The counts not yet written, by day and query. At most `maxCountsPerAdd` of them: while the
  // store cannot be written, a flood of new queries is not kept in memory without end.
  let pending = new Map<string, QueryDayCount>();
  let purgedOn = "";
  let flushing: Promise<void> = Promise.resolve();

  const add = (into: Map<string, QueryDayCount>, count: QueryDayCount) => {
    const key = `${count.day}\n${count.query}`;
    const known = into.get(key);
    if (known) {
      known.searches += count.searches;
      known.unanswered += count.unanswered;
    } else if (into.size < maxCountsPerAdd) {
      into.set(key, { ...count });
    }
  };

  async function write(): Promise<void> {
    const counts = [...pending.values()];
    pending = new Map();
    try {
      if (counts.length > 0) await options.store.add(counts);
    } catch (error) {
      // Kept for the next flush, with whatever was counted meanwhile.
      for (const count of counts) add(pending, count);
      options.log.warn(
        { code: errorCode(error), counts: counts.length },
        "search: query counts not written, kept for the next try",
      );
      return;
    }
    const today = kirovIsoDate(now());
    if (purgedOn === today) return;
    try {
      await options.store.deleteBefore(firstKeptDay(today));
      purgedOn = today;
    } catch (error) {
      options.log.warn({ code: errorCode(error) }, "search: old query counts not deleted");
    }
  }

  // One flush at a time: one asked for while another runs waits for it, then writes the rest.
  const flush = () => {
    flushing = flushing.then(write);
    return flushing;
  };
  const timer = (options.timer ?? realTimer)(flush, everyMs);

  return {
    count(typed, found, userAgent) {
      if (userAgent !== undefined && isbot(userAgent)) return;
      const query = recordedQuery(typed);
      if (query === undefined) return;
      add(pending, { day: kirovIsoDate(now()), query, searches: 1, unanswered: found ? 0 : 1 });
    },
    flush,
    async close() {
      timer.stop();
      await flush();
    },
  };
}
