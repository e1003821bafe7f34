// For tests of migrations: a database as an older release left it, with rows that release wrote.
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { parseDatabaseUrl } from "../../server/config.ts";
import { migrations } from "../../server/db/migrations.ts";

/**
 * Brings a new database to the schema of `version` and writes `rows` (SQL statements; `TRUE` is
 * written as 1 on SQLite) into it, as a release of that version would have.
 */
export async function writeOlderRelease(url: string, version: number, rows: readonly string[]) {
  const config = parseDatabaseUrl(url);
  const older = migrations.filter((migration) => migration.version <= version);
  const record = "INSERT INTO schema_migrations (version, name, applied_at) VALUES";
  const table = "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,";
  if (config.kind === "sqlite") {
    const db = new DatabaseSync(config.path);
    db.exec(`${table} applied_at TEXT NOT NULL)`);
    for (const migration of older) {
      db.exec(migration.sqlite);
      db.exec(`${record} (${migration.version}, '${migration.name}', '2026-01-01T00:00:00Z')`);
    }
    for (const row of rows) db.exec(row.replaceAll("TRUE", "1"));
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: config.url });
  await client.connect();
  try {
    await client.query(`${table} applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
    for (const migration of older) {
      await client.query(migration.postgres);
      await client.query(`${record} (${migration.version}, '${migration.name}', now())`);
    }
    for (const row of rows) await client.query(row);
  } finally {
    await client.end();
  }
}
