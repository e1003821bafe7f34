/**
 * The statistics of the appeals received in a span of days, from the per-day counts the
 * triggers keep (statistics-rollups.ts) and, for the appeals still 'new' (which those leave out),
 * from the appeals table through its (state, created_at) index. Every figure is grouped by the
 * database; no appeal row leaves it (decision 0018).
 */
import type { StatisticsCounts } from "../../domain/staff/appeal-statistics.ts";
import { type Database, nullableText, type SqlExecutor, type SqlValue } from "./database.ts";
import { deadlineCondition } from "./registry-sql.ts";

/**
 * A span of receipt, as Kirov days (first and last included) for the per-day counts, and as
 * moments [from, to) for the appeals table; each cut into buckets at the same places.
 */
export type StatisticsSpan = {
  first: string;
  last: string;
  /** The calendar months wholly inside the span ('YYYY-MM', first and last), if any. */
  wholeMonths: { from: string; to: string } | undefined;
  /** The first days of the second, third, … bucket. */
  bucketDays: readonly string[];
  from: string;
  to: string;
  /** The moments those days begin. */
  bucketMoments: readonly string[];
};

function bucketOf(column: string, starts: readonly string[]): { sql: string; params: SqlValue[] } {
  if (starts.length === 0) return { sql: "0", params: [] };
  const branches = starts.map((_, index) => `WHEN ${column} < ? THEN ${index}`);
  return { sql: `CASE ${branches.join(" ")} ELSE ${starts.length} END`, params: [...starts] };
}

export function createStatisticsRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;

  /**
   * Sums of a count over the span, by bucket (when asked) and its other columns: the whole
   * months from its monthly table, the days of the partial months from its daily one. Buckets
   * start on first days of months (months, quarters), so a month falls in one bucket.
   */
  async function summed(
    span: StatisticsSpan,
    table: string,
    columns: string[],
    byBucket: boolean,
    tx?: SqlExecutor,
  ) {
    const starts = byBucket ? span.bucketDays : [];
    const byDay = bucketOf("day", starts);
    const byMonth = bucketOf(
      "month",
      starts.map((start) => start.slice(0, 7)),
    );
    const names = columns.join(", ");
    const whole = span.wholeMonths;
    const days = whole
      ? {
          sql: "((day >= ? AND day < ?) OR (day > ? AND day <= ?))",
          params: [span.first, `${whole.from}-01`, `${whole.to}-31`, span.last],
        }
      : { sql: "day >= ? AND day <= ?", params: [span.first, span.last] };
    const parts = [
      {
        sql: `SELECT ${byDay.sql} AS bucket, ${names}, appeals FROM ${table}
          WHERE ${days.sql} AND appeals <> 0`,
        params: [...byDay.params, ...days.params],
      },
      ...(whole
        ? [
            {
              sql: `SELECT ${byMonth.sql} AS bucket, ${names}, appeals FROM ${table}_monthly
                WHERE month >= ? AND month <= ? AND appeals <> 0`,
              params: [...byMonth.params, whole.from, whole.to],
            },
          ]
        : []),
    ];
    return on(tx).all(
      `SELECT bucket, ${names}, SUM(appeals) AS appeals
       FROM (${parts.map((part) => part.sql).join(" UNION ALL ")}) AS counts
       GROUP BY bucket, ${names}`,
      parts.flatMap((part) => part.params),
    );
  }

  return {
    /** Appeals by bucket, state and ground; by region; by topic (the 'new' ones included). */
    async breakdowns(span: StatisticsSpan, tx?: SqlExecutor) {
      const newBucket = bucketOf("created_at", span.bucketMoments);
      const [states, regions, topics, fresh] = await Promise.all([
        summed(span, "statistics_by_state", ["state", "ground"], true, tx),
        summed(span, "statistics_by_region", ["region"], false, tx),
        summed(span, "statistics_by_topic", ["topic"], false, tx),
        on(tx).all(
          `SELECT ${newBucket.sql} AS bucket, region, topic, COUNT(*) AS appeals
           FROM appeals WHERE state = 'new' AND created_at >= ? AND created_at < ?
           GROUP BY 1, region, topic`,
          [...newBucket.params, span.from, span.to],
        ),
      ]);
      const count = (row: Record<string, unknown>) => Number(row.appeals);
      return {
        states: [
          ...states.map((row) => ({
            bucket: Number(row.bucket),
            state: String(row.state),
            ground: row.ground === "" ? null : nullableText(row.ground),
            count: count(row),
          })),
          ...fresh.map((row) => ({
            bucket: Number(row.bucket),
            state: "new",
            ground: null,
            count: count(row),
          })),
        ],
        regions: [...regions, ...fresh].map((row) => ({
          region: String(row.region),
          count: count(row),
        })),
        topics: [
          ...topics.map((row) => ({
            topic: row.topic === "" ? null : nullableText(row.topic),
            count: count(row),
          })),
          ...fresh.map((row) => ({ topic: nullableText(row.topic), count: count(row) })),
        ],
      };
    },

    /** Answered appeals by whole days from registration to the answer. */
    async answerDays(span: StatisticsSpan, tx?: SqlExecutor) {
      const rows = await summed(span, "statistics_answer_days", ["days"], false, tx);
      return rows.map((row) => ({ days: Number(row.days), count: Number(row.appeals) }));
    },

    /**
     * Answers given more than 30 days plus the extension after registration, by their dates;
     * by bucket only when asked (the review's quarters): the page needs the period's sum.
     */
    async lateCandidates(span: StatisticsSpan, options: { byBucket: boolean }, tx?: SqlExecutor) {
      const rows = await summed(
        span,
        "statistics_late_answers",
        ["registered_on", "extension_days", "answered_on"],
        options.byBucket,
        tx,
      );
      return rows.map((row) => ({
        bucket: Number(row.bucket),
        registeredOn: String(row.registered_on),
        extensionDays: Number(row.extension_days),
        answeredOn: String(row.answered_on),
        count: Number(row.appeals),
      }));
    },

    /** Appeals of the span whose running term is overdue on `today`, by state. */
    async overdueByState(span: StatisticsSpan, today: string, tx?: SqlExecutor) {
      const overdue = deadlineCondition("overdue", today);
      const rows = await on(tx).all(
        `SELECT state, COUNT(*) AS appeals FROM appeals
         WHERE created_at >= ? AND created_at < ? AND (${overdue.sql})
         GROUP BY state`,
        [span.from, span.to, ...overdue.params],
      );
      return rows.map((row) => ({ state: String(row.state), count: Number(row.appeals) }));
    },

    /** Everything the statistics page shows, read in one go. */
    async counts(span: StatisticsSpan, today: string): Promise<StatisticsCounts> {
      const [breakdowns, answerDays, lateCandidates, overdueByState] = await Promise.all([
        this.breakdowns(span),
        this.answerDays(span),
        this.lateCandidates(span, { byBucket: false }),
        this.overdueByState(span, today),
      ]);
      return { ...breakdowns, answerDays, lateCandidates, overdueByState };
    },
  };
}

export type StatisticsRepository = ReturnType<typeof createStatisticsRepository>;
