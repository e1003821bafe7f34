// `npm run appeals -- backup FILE` and `restore FILE` (scripts/appeals-cli.ts): what they do and
// what they print. Exit codes as the other commands: 0 done, 1 refused or failed.
import { existsSync } from "node:fs";
import type { DatabaseConfig } from "../server/config.ts";
import { PgDumpMissingError } from "../server/db/postgres-backup.ts";
import { restoreSqliteStore, StoreInUseError } from "../server/db/sqlite-restore.ts";
import { backupStore } from "../server/db/store-backup.ts";

function rows(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([table, count]) => `  ${table}: ${count}`)
    .join("\n");
}

export async function backup(database: DatabaseConfig, file: string) {
  if (existsSync(file)) {
    console.error(`${file} exists already: choose another name or move it away first.`);
    process.exit(1);
  }
  try {
    const report = await backupStore(database, file);
    console.log(
      `Backup written to ${report.file}: ${report.bytes} bytes in ${report.durationMs} ms, verified; rows per table:\n${rows(report.counts)}`,
    );
  } catch (error) {
    if (error instanceof PgDumpMissingError) {
      console.error(`Could not back up: ${error.message}.`);
      process.exit(1);
    }
    throw error;
  }
}

export async function restore(database: DatabaseConfig, file: string) {
  if (database.kind === "postgres") {
    console.error(
      `restore works on the SQLite store. On PostgreSQL, with every server stopped, restore a backup taken by \`backup\` with:\n  pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" ${file}`,
    );
    process.exit(1);
  }
  try {
    const report = restoreSqliteStore(file, database.path);
    console.log(`Restored ${file} as ${report.store}:\n${rows(report.counts)}`);
    if (report.previous) console.log(`The store that was there is kept as ${report.previous}.`);
    console.log("Start the server (e.g. systemctl start agrochem-site@8001) to serve it.");
  } catch (error) {
    if (error instanceof StoreInUseError) {
      const who = error.pids === null ? "" : ` (process ${error.pids.join(", ")})`;
      console.error(
        `Refused: the store ${error.path} is open${who}: a server writing to it would go on writing into the replaced file. Stop the server first (systemctl stop 'agrochem-site@*', or Ctrl+C / kill -TERM <pid> for npm start), then run restore again.`,
      );
      if (error.pids === null) {
        console.error("This system has no /proc/locks, so restore cannot tell; it refuses always.");
      }
      process.exit(1);
    }
    throw error;
  }
}
