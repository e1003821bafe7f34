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
