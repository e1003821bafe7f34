import { renameSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fsyncPath } from "./fsync-path.ts";

/** What a backup wrote, as the operator command, the scheduled backup and the log report it. */
export type BackupReport = {
  /** The backup file, in place (renamed from its temporary name only once verified). */
  file: string;
  bytes: number;
  /** Rows of every table in the copy, equal to the store's at the moment the copy was taken. */
  counts: Record<string, number>;
  /** From the start of the copy to the backup file in place. */
  durationMs: number;
};

/**
 * The temporary name a backup is written under, beside its final name (so the rename that puts
 * it in place is atomic) and hidden: a half-written file never looks like a backup.
 */
export function temporaryBackupName(dir: string, name: string, token: string): string {
  return join(dir, `.${name}.${token}.partial`);
}

/**
 * Makes the verified temporary file the backup: on disk before the rename makes it the backup,
 * and the rename on disk before anyone is told so.
 */
export function putBackupInPlace(
  temporary: string,
  target: string,
  counts: Record<string, number>,
  startedAt: number,
): BackupReport {
  fsyncPath(temporary);
  renameSync(temporary, target);
  fsyncPath(dirname(target));
  return {
    file: target,
    bytes: statSync(target).size,
    counts,
    durationMs: Math.round(performance.now() - startedAt),
  };
}
