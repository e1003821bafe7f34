import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

// appeals-2026-11-24.sqlite (SQLite) or appeals-2026-11-24.dump (pg_dump's custom format)
const backupName = /^appeals-(\d{4}-\d{2}-\d{2})\.(sqlite|dump)$/;
// The same, being written (server/db/store-backup-report.ts, temporaryBackupName).
const partialName = /^\.appeals-\d{4}-\d{2}-\d{2}\.(sqlite|dump)\.[0-9a-f-]+\.partial$/;
/** A partial file this old was left by a server that died while writing it. */
const abandonedPartialMs = 6 * 60 * 60_000;

/** The scheduled backup's file name for a Kirov day: sorting the names sorts the days. */
export function backupFileName(day: string, extension: string): string {
  return `appeals-${day}.${extension}`;
}

/**
 * Deletes all but the newest `keep` scheduled backups in `dir`, and the partial files of
 * scheduled backups that a server died writing (untouched for 6 hours; one being written now is
 * younger). Files of any other name, such as the operator's own, are never touched.
 * Returns the names deleted.
 */
export function pruneBackups(dir: string, keep: number, now = new Date()): string[] {
  const names = readdirSync(dir);
  const backups = names
    .filter((name) => backupName.test(name))
    .sort()
    .reverse();
  const abandoned = names.filter(
    (name) =>
      partialName.test(name) &&
      now.getTime() - statSync(join(dir, name)).mtimeMs > abandonedPartialMs,
  );
  const old = [...backups.slice(keep), ...abandoned];
  for (const name of old) rmSync(join(dir, name), { force: true });
  return old;
}
