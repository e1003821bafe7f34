// For tests: SQL straight on the database a server runs on, to age sessions or move dates as
// time would. Through the server's own executor (server/db), on a connection of its own.
import { parseDatabaseUrl } from "../../server/config.ts";
import type { SqlValue } from "../../server/db/database.ts";
import { openDatabase } from "../../server/db/open-database.ts";

export async function runSql(
  databaseUrl: string,
  sql: string,
  params: readonly SqlValue[] = [],
): Promise<number> {
  const db = await openDatabase(parseDatabaseUrl(databaseUrl));
  try {
    return await db.run(sql, params);
  } finally {
    await db.close();
  }
}

/** The rows of a query, on a connection of its own. */
export async function querySql(
  databaseUrl: string,
  sql: string,
  params: readonly SqlValue[] = [],
): Promise<Record<string, unknown>[]> {
  const db = await openDatabase(parseDatabaseUrl(databaseUrl));
  try {
    return await db.all(sql, params);
  } finally {
    await db.close();
  }
}

/** Every row of every table, as JSON text per table (to look for what must not be stored). */
export async function everyTableAsText(databaseUrl: string): Promise<Map<string, string>> {
  const db = await openDatabase(parseDatabaseUrl(databaseUrl));
  try {
    const tables = await db.all(
      db.kind === "sqlite"
        ? "SELECT name FROM sqlite_master WHERE type = 'table'"
        : "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()",
    );
    const texts = new Map<string, string>();
    for (const { name } of tables) {
      texts.set(String(name), JSON.stringify(await db.all(`SELECT * FROM ${String(name)}`)));
    }
    return texts;
  } finally {
    await db.close();
  }
}
