import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

// appeals-2026-11-24.sqlite (SQLite) or appeals-2026-11-24.dump (pg_dump's custom format)
const backupName = /^appeals-(\d{4}-\d{2}-\d{2})\.(sqlite|dump)$/;

/** The scheduled backup's file name for a Kirov day: sorting the names sorts the days. */
export function backupFileName(day: string, extension: string): string {
  return `appeals-${day}.${extension}`;
}

/**
 * Deletes all but the newest `keep` scheduled backups in `dir`; files of any other name (the
 * operator's own, a backup being written under its temporary name) are never touched.
 * Returns the names deleted.
 */
export function pruneBackups(dir: string, keep: number): string[] {
  const backups = readdirSync(dir)
    .filter((name) => backupName.test(name))
    .sort()
    .reverse();
  const old = backups.slice(keep);
  for (const name of old) rmSync(join(dir, name), { force: true });
  return old;
}
