import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { isoDateText } from "../../domain/text/patterns.ts";

// appeals-2026-11-24.sqlite (SQLite) or appeals-2026-11-24.dump (pg_dump's custom format)
const backupName = new RegExp(String.raw`^appeals-(${isoDateText})\.(sqlite|dump)$`);
// The same, being written (server/db/store-backup-report.ts, temporaryBackupName), and the
// rollback journal SQLite keeps beside the copy while it writes it.
const partialName = new RegExp(
  String.raw`^\.appeals-(${isoDateText})\.(sqlite|dump)\.[0-9a-f-]+\.partial(-journal)?$`,
);

/** The scheduled backup's file name for a Kirov day: sorting the names sorts the days. */
export function backupFileName(day: string, extension: string): string {
  return `appeals-${day}.${extension}`;
}

/**
 * Deletes the partial files (and their journals) of scheduled backups in `dir` whose day has no
 * run under way: what a server killed mid-backup left. Files of any other name, such as the
 * operator's own, are never touched. Returns the names deleted.
 */
export function removeBackupLeftovers(dir: string, liveDays: ReadonlySet<string>): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const left = names.filter((name) => {
    const day = partialName.exec(name)?.[1];
    return day !== undefined && !liveDays.has(day);
  });
  for (const name of left) rmSync(join(dir, name), { force: true });
  return left;
}

/**
 * Deletes all but the newest `keep` scheduled backups in `dir`, and the leftovers of runs no
 * longer under way. Files of any other name are never touched. Returns the names deleted.
 */
export function pruneBackups(dir: string, keep: number, liveDays: ReadonlySet<string>): string[] {
  const old = readdirSync(dir)
    .filter((name) => backupName.test(name))
    .sort()
    .reverse()
    .slice(keep);
  for (const name of old) rmSync(join(dir, name), { force: true });
  return [...old, ...removeBackupLeftovers(dir, liveDays)];
}
