import type { DatabaseConfig } from "../config.ts";
import type { Database } from "./database.ts";
import { fillEmailKeys } from "./email-keys-backfill.ts";
import { openPostgresDatabase } from "./postgres-database.ts";
import { openSqliteDatabase } from "./sqlite-database.ts";

/**
 * The database DATABASE_URL names, migrated: a `Database` exists only after its migrations ran
 * and every appeal has its e-mail key (email-keys-backfill.ts), and every repository is made from
 * one, so nothing can read a table before it is created or an appeal before it is keyed.
 */
export async function openDatabase(database: DatabaseConfig): Promise<Database> {
  const db =
    database.kind === "sqlite"
      ? openSqliteDatabase(database.path, database.diskReserveMiB)
      : await openPostgresDatabase(database.url);
  try {
    await fillEmailKeys(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
