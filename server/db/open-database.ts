import type { DatabaseConfig } from "../config.ts";
import type { Database } from "./database.ts";
import { openPostgresDatabase } from "./postgres-database.ts";
import { openSqliteDatabase } from "./sqlite-database.ts";

/**
 * The database DATABASE_URL names, migrated: a `Database` exists only after its migrations ran,
 * and every repository is made from one, so nothing can read a table before it is created.
 */
export async function openDatabase(database: DatabaseConfig): Promise<Database> {
  return database.kind === "sqlite"
    ? openSqliteDatabase(database.path, database.diskReserveMiB)
    : openPostgresDatabase(database.url);
}
