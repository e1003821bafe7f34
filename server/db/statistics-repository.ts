/**
 * The statistics of the appeals received in a span of time, grouped by the database: one pass
 * over the span (the covering index appeals_statistics, migration 9) gives the counts by bucket,
 * state, region, topic and ground; two more give the answers' days and the answers that may be
 * late; one counts the overdue. No appeal row leaves the database (decision 0018).
 */
import { appealTerms } from "../../domain/appeals/legal-terms.ts";
import type {
  LateCandidate,
  StatisticsCell,
  StatisticsCounts,
} from "../../domain/staff/appeal-statistics.ts";
import { type Database, nullableText, type SqlExecutor, type SqlValue } from "./database.ts";
import { deadlineCondition } from "./registry-sql.ts";

/** A span of receipt moments [from, to), cut into buckets at `bucketStarts` (ascending, ISO). */
export type StatisticsSpan = {
  from: string;
  to: string;
  /** The moments the second, third, … bucket start at (the first starts at `from`). */
  bucketStarts: readonly string[];
};

/** Whole days from registration to the answer, per database ('YYYY-MM-DD' text columns). */
const answerDaysSql = {
  sqlite: "CAST(julianday(answered_on) - julianday(registered_on) AS INTEGER)",
  postgres: "(CAST(answered_on AS date) - CAST(registered_on AS date))",
} as const;

function bucketSql(span: StatisticsSpan): { sql: string; params: SqlValue[] } {
  if (span.bucketStarts.length === 0) return { sql: "0", params: [] };
  const branches = span.bucketStarts.map((_, index) => `WHEN created_at < ? THEN ${index}`);
  return {
    sql: `CASE ${branches.join(" ")} ELSE ${span.bucketStarts.length} END`,
    params: [...span.bucketStarts],
  };
}

export function createStatisticsRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;
  const days = answerDaysSql[db.kind];

  return {
    /** Counts by bucket, state, region, topic and ground (one row per non-empty combination). */
    async cells(span: StatisticsSpan, tx?: SqlExecutor): Promise<StatisticsCell[]> {
      const bucket = bucketSql(span);
      const rows = await on(tx).all(
        `SELECT ${bucket.sql} AS bucket, state, region, topic, without_answer_ground AS ground,
           COUNT(*) AS count
         FROM appeals WHERE created_at >= ? AND created_at < ?
         GROUP BY 1, state, region, topic, without_answer_ground`,
        [...bucket.params, span.from, span.to],
      );
      return rows.map((row) => ({
        bucket: Number(row.bucket),
        state: String(row.state),
        region: String(row.region),
        topic: nullableText(row.topic),
        ground: nullableText(row.ground),
        count: Number(row.count),
      }));
    },

    /** Answered appeals by whole days from registration to the answer. */
    async answerDays(span: StatisticsSpan, tx?: SqlExecutor) {
      const rows = await on(tx).all(
        `SELECT ${days} AS days, COUNT(*) AS count
         FROM appeals WHERE created_at >= ? AND created_at < ? AND state = 'answered'
           AND registered_on IS NOT NULL AND answered_on IS NOT NULL
         GROUP BY 1`,
        [span.from, span.to],
      );
      return rows.map((row) => ({ days: Number(row.days), count: Number(row.count) }));
    },

    /** Answers given more than 30 days plus the extension after registration, by their dates. */
    async lateCandidates(span: StatisticsSpan, tx?: SqlExecutor): Promise<LateCandidate[]> {
      const bucket = bucketSql(span);
      const rows = await on(tx).all(
        `SELECT ${bucket.sql} AS bucket, registered_on, extension_days, answered_on,
           COUNT(*) AS count
         FROM appeals WHERE created_at >= ? AND created_at < ? AND state = 'answered'
           AND registered_on IS NOT NULL AND answered_on IS NOT NULL
           AND ${days} > ? + extension_days
         GROUP BY 1, registered_on, extension_days, answered_on`,
        [...bucket.params, span.from, span.to, appealTerms.answerDays],
      );
      return rows.map((row) => ({
        bucket: Number(row.bucket),
        registeredOn: String(row.registered_on),
        extensionDays: Number(row.extension_days),
        answeredOn: String(row.answered_on),
        count: Number(row.count),
      }));
    },

    /** Appeals of the span whose running term is overdue on `today`, by state. */
    async overdueByState(span: StatisticsSpan, today: string, tx?: SqlExecutor) {
      const overdue = deadlineCondition("overdue", today);
      const rows = await on(tx).all(
        `SELECT state, COUNT(*) AS count FROM appeals
         WHERE created_at >= ? AND created_at < ? AND (${overdue.sql})
         GROUP BY state`,
        [span.from, span.to, ...overdue.params],
      );
      return rows.map((row) => ({ state: String(row.state), count: Number(row.count) }));
    },

    /** Everything the statistics page shows, read in one go. */
    async counts(span: StatisticsSpan, today: string): Promise<StatisticsCounts> {
      const [cells, answerDays, lateCandidates, overdueByState] = await Promise.all([
        this.cells(span),
        this.answerDays(span),
        this.lateCandidates(span),
        this.overdueByState(span, today),
      ]);
      return { cells, answerDays, lateCandidates, overdueByState };
    },
  };
}

export type StatisticsRepository = ReturnType<typeof createStatisticsRepository>;
