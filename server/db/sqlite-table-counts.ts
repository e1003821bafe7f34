import type { DatabaseSync } from "node:sqlite";

/** Rows of every table of an SQLite database, by table name: what a backup is checked by. */
export function sqliteTableCounts(db: DatabaseSync): Record<string, number> {
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all()
    .map((row) => String(row.name));
  return Object.fromEntries(
    tables.map((name) => {
      const row = db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number };
      return [name, Number(row.n)];
    }),
  );
}

/** Throws unless PRAGMA integrity_check finds nothing wrong with `db` (named `what`). */
export function assertIntegrity(db: DatabaseSync, what: string) {
  const check = db.prepare("PRAGMA integrity_check").all();
  if (check.length !== 1 || check[0]?.integrity_check !== "ok") {
    throw new Error(`${what} fails integrity_check: ${JSON.stringify(check.slice(0, 5))}`);
  }
}
