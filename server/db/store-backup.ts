import type { DatabaseConfig } from "../config.ts";
import { backupPostgresStore } from "./postgres-backup.ts";
import { backupSqliteStore } from "./sqlite-backup.ts";
import type { BackupReport } from "./store-backup-report.ts";

/**
 * A verified backup of the store DATABASE_URL names, in `target`: an SQLite file, or a pg_dump
 * archive. Opens nothing that would migrate the store: a backup of an older release's store is
 * a copy of it as it is.
 */
export function backupStore(database: DatabaseConfig, target: string): Promise<BackupReport> {
  return database.kind === "sqlite"
    ? backupSqliteStore(database.path, target)
    : backupPostgresStore(database.url, target);
}
