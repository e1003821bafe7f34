/**
 * What visitors search for, counted (issue 42, decision 0060): per Kirov day and normalised query
 * (domain/search/query-record.ts), the searches and those of them that found nothing. The server
 * counts in memory and adds its counts here in one statement (server/search/search-query-counter.ts);
 * staff read the sums over a span of days. No row names a visitor: there is nothing to name one by.
 */
import type { QueryTotal } from "../../domain/search/search-queries-report.ts";
import type { Database, SqlValue } from "./database.ts";

/** One day's count of one query, as added and as kept. */
export type QueryDayCount = {
  /** 'YYYY-MM-DD', the Kirov day. */
  day: string;
  query: string;
  searches: number;
  /** Of `searches`, those that found nothing. */
  unanswered: number;
};

/** The most (day, query) counts one `add` takes: 4 parameters each, far below either store's cap. */
export const maxCountsPerAdd = 5_000;

const totals = (rows: Record<string, unknown>[]): QueryTotal[] =>
  rows.map((row) => ({ query: String(row.query), searches: Number(row.searches) }));

export function createSearchQueriesRepository(db: Database) {
  return {
    /**
     * Adds the counts, each (day, query) at most once, in one statement: a row new to the day is
     * inserted, one already there grows by them. At most `maxCountsPerAdd`.
     */
    async add(counts: readonly QueryDayCount[]): Promise<void> {
      if (counts.length === 0) return;
      if (counts.length > maxCountsPerAdd) {
        throw new Error(`at most ${maxCountsPerAdd} query counts in one add`);
      }
      // In one order on every server: two PostgreSQL servers adding to the same rows at once
      // lock them in the same order, so neither waits for the other in a deadlock.
      const ordered = [...counts].sort((a, b) =>
        a.day === b.day
          ? a.query < b.query
            ? -1
            : a.query > b.query
              ? 1
              : 0
          : a.day < b.day
            ? -1
            : 1,
      );
      const params: SqlValue[] = ordered.flatMap((count) => [
        count.day,
        count.query,
        count.searches,
        count.unanswered,
      ]);
      await db.run(
        `INSERT INTO search_queries (day, query, searches, unanswered)
         VALUES ${counts.map(() => "(?, ?, ?, ?)").join(", ")}
         ON CONFLICT (day, query) DO UPDATE SET
           searches = search_queries.searches + excluded.searches,
           unanswered = search_queries.unanswered + excluded.unanswered`,
        params,
      );
    },

    /** The `limit` queries searched most from `first` to `last` (days included), most first. */
    async top(first: string, last: string, limit: number): Promise<QueryTotal[]> {
      return totals(
        await db.all(
          `SELECT query, SUM(searches) AS searches FROM search_queries
           WHERE day >= ? AND day <= ?
           GROUP BY query ORDER BY SUM(searches) DESC, query LIMIT ?`,
          [first, last, limit],
        ),
      );
    },

    /**
     * The `limit` queries that found nothing most often from `first` to `last`, with how many of
     * their searches found nothing; most first.
     */
    async unanswered(first: string, last: string, limit: number): Promise<QueryTotal[]> {
      return totals(
        await db.all(
          `SELECT query, SUM(unanswered) AS searches FROM search_queries
           WHERE day >= ? AND day <= ?
           GROUP BY query HAVING SUM(unanswered) > 0 ORDER BY SUM(unanswered) DESC, query LIMIT ?`,
          [first, last, limit],
        ),
      );
    },

    /** Deletes the days before `day` (kept no longer: 13 months); returns the rows deleted. */
    async deleteBefore(day: string): Promise<number> {
      return db.run("DELETE FROM search_queries WHERE day < ?", [day]);
    },
  };
}

export type SearchQueriesRepository = ReturnType<typeof createSearchQueriesRepository>;
