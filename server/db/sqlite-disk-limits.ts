/**
 * How the SQLite store keeps its disk from filling (decision 0023). The write-ahead log is cut
 * back once past `logLimitBytes` (a burst grew it to 39 MiB, and nothing truncated it while the
 * server ran); writes are refused while the disk has less than `reserveBytes` free, so that what
 * is left lets SQLite copy the log into the database file, which may grow by as much as the log
 * holds. The free space is read before every write batch (decision 0050) and by the checkpoint
 * thread every round. Writes resume once the log is empty and the reserve plus one log's room is
 * free again.
 */
import { statfsSync } from "node:fs";
import { storeFullCode } from "../../domain/storage/store-full.ts";

export type DiskLimits = { reserveBytes: number; logLimitBytes: number };

const mib = 1024 * 1024;

/** DISK_RESERVE_MB unless told. */
export const defaultDiskReserveMiB = 64;

/**
 * The reserve holds the log four times over (a log past its limit by one burst, and the pages its
 * copy adds to the database file); the log is kept to 16 MiB at most, which a checkpoint thread
 * copies in well under a second.
 */
export function diskLimits(reserveMiB = defaultDiskReserveMiB): DiskLimits {
  const reserveBytes = reserveMiB * mib;
  return { reserveBytes, logLimitBytes: Math.min(16 * mib, Math.floor(reserveBytes / 4)) };
}

/**
 * The free space of the disk holding `directory`, as an unprivileged process may use it (what
 * SQLite's writes may take): one statfs call, a few microseconds (decision 0050). Throws what
 * statfs throws.
 */
export function freeBytes(directory: string): number {
  const stats = statfsSync(directory);
  return Number(stats.bavail) * Number(stats.bsize);
}

/** What the checkpoint thread tells the server whenever the store turns writable or not. */
export type DiskState = { writable: boolean; freeBytes: number; logBytes: number };

/** What was free on the store's disk when a write was refused, and its reserve; null: unknown. */
export type DiskSpace = { freeBytes: number | null; reserveBytes: number | null };

const unknownSpace: DiskSpace = { freeBytes: null, reserveBytes: null };

/**
 * A write refused for a full disk: below the reserve (SQLite's own refusal), or the disk full
 * under a write (SQLITE_FULL, PostgreSQL's 53100, ENOSPC: its `cause`). Every one carries the
 * code staff pages know (domain/storage/store-full.ts) and, when known, the free space, for the
 * operators' log. The appeals API answers it 503; staff pages say the disk is full.
 */
export class StoreDiskFullError extends Error {
  override name = "StoreDiskFullError";
  readonly code = storeFullCode;
  readonly freeBytes: number | null;
  readonly reserveBytes: number | null;
  constructor(space: DiskSpace = unknownSpace, options?: { cause: unknown }) {
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
    const figures =
      space.freeBytes === null
        ? ""
        : ` (${mib(space.freeBytes)} free${space.reserveBytes === null ? "" : `, reserve ${mib(space.reserveBytes)}`})`;
    super(
      options === undefined
        ? `the store's disk has less free space than its reserve: writes are refused${figures}`
        : `the store's disk is full: the write failed${figures}`,
      options,
    );
    this.freeBytes = space.freeBytes;
    this.reserveBytes = space.reserveBytes;
  }
}
