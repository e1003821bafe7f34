/**
 * The statistics' per-day counts (migration 9, decision 0018): five small tables, one row per
 * Kirov day of receipt and value, kept by triggers on the appeals table, so every change of an
 * appeal, whoever's code makes it, is counted in its own transaction. Counting a year then reads
 * a few thousand rows, not half a million appeals.
 *
 * Only appeals past 'new' are counted here: the citizen's POST inserts 'new' appeals, and its
 * trigger does not fire for them (no write of a shared counter row on the hot path, so no lock
 * that concurrent appeals would queue on in PostgreSQL). The statistics add the 'new' appeals of
 * the period from the appeals table itself, where they are few (they are registered within days).
 *
 * The day is the receipt moment shifted by Kirov's offset from UTC, taken from the named zone
 * (domain/time) when the migration runs and written into the SQL as a number because SQLite knows
 * no time zones; both databases use the same rule, and the tests compare the counts with a count
 * by the named zone. (Kirov has kept one offset since 2014, so one number serves every appeal.)
 */
import { openAppealStates } from "../../domain/appeals/appeal-states.ts";
import { kirovOffsetMinutes } from "../../domain/time/kirov-time.ts";
import type { DatabaseKind } from "./database.ts";

type Row = "NEW" | "OLD" | "appeals";

type Rollup = {
  table: string;
  /** Key columns and how each is computed from a row of appeals. */
  keys: Array<[column: string, value: (row: Row, kind: DatabaseKind) => string]>;
  /** Beyond 'not new': which appeals this table counts. */
  counts?: (row: Row, kind: DatabaseKind) => string;
};

/**
 * Kirov's offset as SQL writes a span of time: '3 hours' (whole hours, as migration 9 was first
 * written, so its text is unchanged) or '210 minutes'.
 */
function sqlOffsetSpan(minutes: number): string {
  return minutes % 60 === 0 ? `${minutes / 60} hours` : `${minutes} minutes`;
}

const kirovOffset = sqlOffsetSpan(kirovOffsetMinutes(new Date()));
const sign = kirovOffset.startsWith("-") ? "" : "+";

const day = (row: Row, kind: DatabaseKind) =>
  kind === "sqlite"
    ? `date(${row}.created_at, '${sign}${kirovOffset}')`
    : `to_char(${row}.created_at AT TIME ZONE 'UTC' + interval '${kirovOffset}', 'YYYY-MM-DD')`;

/** Whole days from registration to the answer. */
const answerDaysOf = (row: Row, kind: DatabaseKind) =>
  kind === "sqlite"
    ? `CAST(julianday(${row}.answered_on) - julianday(${row}.registered_on) AS INTEGER)`
    : `(CAST(${row}.answered_on AS date) - CAST(${row}.registered_on AS date))`;

const answered = (row: Row) =>
  `${row}.state = 'answered' AND ${row}.registered_on IS NOT NULL AND ${row}.answered_on IS NOT NULL`;

const dailyRollups: readonly Rollup[] = [
  {
    table: "statistics_by_state",
    keys: [
      ["day", day],
      ["state", (row) => `${row}.state`],
      ["ground", (row) => `COALESCE(${row}.without_answer_ground, '')`],
    ],
  },
  {
    table: "statistics_by_region",
    keys: [
      ["day", day],
      ["region", (row) => `${row}.region`],
    ],
  },
  {
    table: "statistics_by_topic",
    keys: [
      ["day", day],
      ["topic", (row) => `COALESCE(${row}.topic, '')`],
    ],
  },
  {
    table: "statistics_answer_days",
    keys: [
      ["day", day],
      ["days", answerDaysOf],
    ],
    counts: answered,
  },
  {
    // Answers more than 30 days (the answer term) plus the extension after registration: late
    // or not by the production calendar, so kept with their dates and judged by answerDue.
    table: "statistics_late_answers",
    keys: [
      ["day", day],
      ["registered_on", (row) => `${row}.registered_on`],
      ["extension_days", (row) => `${row}.extension_days`],
      ["answered_on", (row) => `${row}.answered_on`],
    ],
    counts: (row, kind) =>
      `${answered(row)} AND ${answerDaysOf(row, kind)} > 30 + ${row}.extension_days`,
  },
];

/**
 * Each count kept twice: per day, and per calendar month ('YYYY-MM', the `month` column), so a
 * period reads its whole months from the monthly tables and only its partial months' days from
 * the daily ones (a year: a few hundred rows instead of a few tens of thousands).
 */
const rollups: readonly Rollup[] = dailyRollups.flatMap((rollup) => [
  rollup,
  {
    ...rollup,
    table: `${rollup.table}_monthly`,
    keys: [
      ["month", (row: Row, kind: DatabaseKind) => `substr(${day(row, kind)}, 1, 7)`],
      ...rollup.keys.slice(1),
    ],
  },
]);

const columnTypes: Record<string, string> = { days: "INTEGER", extension_days: "INTEGER" };

function condition(rollup: Rollup, row: Row, kind: DatabaseKind): string {
  const counted = `${row}.state <> 'new'`;
  return rollup.counts ? `${counted} AND ${rollup.counts(row, kind)}` : counted;
}

function add(rollup: Rollup, kind: DatabaseKind): string {
  const columns = rollup.keys.map(([column]) => column).join(", ");
  const values = rollup.keys.map(([, value]) => value("NEW", kind)).join(", ");
  return `INSERT INTO ${rollup.table} (${columns}, appeals)
      SELECT ${values}, 1 WHERE ${condition(rollup, "NEW", kind)}
      ON CONFLICT (${columns}) DO UPDATE SET appeals = ${rollup.table}.appeals + 1;`;
}

function remove(rollup: Rollup, kind: DatabaseKind): string {
  const matches = rollup.keys.map(([column, value]) => `${column} = ${value("OLD", kind)}`);
  return `UPDATE ${rollup.table} SET appeals = appeals - 1
      WHERE ${condition(rollup, "OLD", kind)} AND ${matches.join(" AND ")};`;
}

/**
 * Statements that count once more, in every table, the appeals `where` (a condition on `appeals`)
 * selects: run just before those appeals are deleted, the delete trigger's subtraction leaves each
 * count as it was. The archive destroys cases by an approved act (issue 45) without changing the
 * published figures of the periods they were received in.
 */
export function countAgainSql(kind: DatabaseKind, where: string): string[] {
  return rollups.map((rollup) => {
    const columns = rollup.keys.map(([column]) => column).join(", ");
    const values = rollup.keys.map(([, value]) => value("appeals", kind)).join(", ");
    return `INSERT INTO ${rollup.table} (${columns}, appeals)
      SELECT ${values}, COUNT(*) FROM appeals
      WHERE ${condition(rollup, "appeals", kind)} AND (${where})
      GROUP BY ${rollup.keys.map((_, index) => index + 1).join(", ")}
      ON CONFLICT (${columns}) DO UPDATE SET appeals = ${rollup.table}.appeals + excluded.appeals`;
  });
}

// Any change of these columns can move an appeal from one count to another.
const countedColumns =
  "state, region, topic, without_answer_ground, registered_on, answered_on, extension_days, created_at";

/** The tables, the counts of the appeals already stored, and the triggers that keep them. */
export function statisticsRollupsSql(kind: DatabaseKind): string {
  const tables = rollups.map((rollup) => {
    const columns = rollup.keys.map(
      ([column]) => `${column} ${columnTypes[column] ?? "TEXT"} NOT NULL`,
    );
    const key = rollup.keys.map(([column]) => column).join(", ");
    // SQLite: WITHOUT ROWID keeps each table in its key's order, so a span of days is one
    // range read with its counts, not an index walk and a lookup per row.
    return `CREATE TABLE ${rollup.table} (${columns.join(", ")}, appeals INTEGER NOT NULL,
        PRIMARY KEY (${key}))${kind === "sqlite" ? " WITHOUT ROWID" : ""};
      INSERT INTO ${rollup.table} (${key}, appeals)
        SELECT ${rollup.keys.map(([, value]) => value("appeals", kind)).join(", ")}, COUNT(*)
        FROM appeals WHERE ${condition(rollup, "appeals", kind)}
        GROUP BY ${rollup.keys.map((_, index) => index + 1).join(", ")};`;
  });
  // "Overdue now" reads the open appeals of the period with every column its condition needs
  // (registry-sql.ts's deadlineCondition): from this index alone, never the table.
  const openTerms = `CREATE INDEX appeals_open_terms ON appeals (state, created_at, registered_on,
        extension_days, without_answer_ground, notice_sent_on)
        WHERE state IN (${openAppealStates.map((state) => `'${state}'`).join(", ")});`;
  tables.push(openTerms);
  const adds = rollups.map((rollup) => add(rollup, kind)).join("\n        ");
  const removes = rollups.map((rollup) => remove(rollup, kind)).join("\n        ");
  if (kind === "sqlite") {
    return `${tables.join("\n")}
      CREATE TRIGGER appeals_statistics_insert AFTER INSERT ON appeals
      WHEN NEW.state <> 'new' BEGIN
        ${adds}
      END;
      CREATE TRIGGER appeals_statistics_update AFTER UPDATE OF ${countedColumns} ON appeals BEGIN
        ${removes}
        ${adds}
      END;
      CREATE TRIGGER appeals_statistics_delete AFTER DELETE ON appeals
      WHEN OLD.state <> 'new' BEGIN
        ${removes}
      END;`;
  }
  return `${tables.join("\n")}
      CREATE FUNCTION appeals_statistics_count() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
        ${removes}
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
        ${adds}
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER appeals_statistics_insert AFTER INSERT ON appeals FOR EACH ROW
        WHEN (NEW.state <> 'new') EXECUTE FUNCTION appeals_statistics_count();
      CREATE TRIGGER appeals_statistics_update AFTER UPDATE OF ${countedColumns} ON appeals
        FOR EACH ROW EXECUTE FUNCTION appeals_statistics_count();
      CREATE TRIGGER appeals_statistics_delete AFTER DELETE ON appeals FOR EACH ROW
        WHEN (OLD.state <> 'new') EXECUTE FUNCTION appeals_statistics_count();`;
}
