/**
 * The counter registration numbers are drawn from (appeals-repository.ts), read and moved on by a
 * restore (decision 0022). SQLite keeps it in `sqlite_sequence`; PostgreSQL in the identity
 * column's sequence, which pg_dump reads later than the rows (it is not transactional), so a
 * restored one may be ahead of the rows or, in principle, behind: the higher of the two counts.
 */
import type { SqlExecutor } from "./database.ts";

const highestSql = {
  sqlite: `SELECT max(
      COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'appeals'), 0),
      COALESCE((SELECT max(seq) FROM appeals), 0)) AS top`,
  postgres: `SELECT GREATEST(
      COALESCE(pg_sequence_last_value(pg_get_serial_sequence('appeals', 'seq')::regclass), 0),
      COALESCE((SELECT max(seq) FROM appeals), 0))::text AS top`,
} as const;

/** The highest sequence number the store has taken, in its rows or its counter. */
export async function highestRegistrationSequence(tx: SqlExecutor): Promise<number> {
  const [row] = await tx.all(highestSql[tx.kind]);
  return Number(row?.top ?? 0);
}

/** Makes `next` the sequence number of the next appeal stored; call inside a transaction. */
export async function continueRegistrationAt(tx: SqlExecutor, next: number): Promise<void> {
  if (tx.kind === "postgres") {
    await tx.all("SELECT setval(pg_get_serial_sequence('appeals', 'seq'), ?::bigint, false)", [
      String(next),
    ]);
    return;
  }
  const changed = await tx.run("UPDATE sqlite_sequence SET seq = ? WHERE name = 'appeals'", [
    next - 1,
  ]);
  if (changed === 0) {
    await tx.run("INSERT INTO sqlite_sequence (name, seq) VALUES ('appeals', ?)", [next - 1]);
  }
}
