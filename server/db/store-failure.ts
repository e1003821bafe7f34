/**
 * Which errors mean the store itself cannot write, as against a refusal of one piece of work (a
 * constraint, a rule of the domain): the first make /healthz say 503 (decision 0023), the second
 * are the request's own business.
 */
import { isStoreFull } from "../../domain/storage/store-full.ts";
import { type DiskSpace, type DiskState, StoreDiskFullError } from "./sqlite-disk-limits.ts";

export type WriteStateListener = (state: DiskState) => void;

/** Why the store cannot write, as /healthz names it. */
export type StoreFailure = "disk-full" | "writes-failing";

// SQLite's primary result codes (the low byte of an extended one).
const sqliteFull = 13;
const sqliteStoreFailures = new Set([
  5, // BUSY: the lock not had within busy_timeout
  6, // LOCKED
  8, // READONLY
  10, // IOERR
  11, // CORRUPT
  14, // CANTOPEN
  26, // NOTADB
]);
// PostgreSQL's SQLSTATE classes of the server's own trouble: insufficient resources, operator
// intervention, system errors, internal errors; and a read-only server (a standby).
const postgresFailureClasses = new Set(["53", "57", "58", "XX"]);

function sqliteCode(error: unknown): number | undefined {
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  return code === "ERR_SQLITE_ERROR" && typeof errcode === "number" ? errcode & 0xff : undefined;
}

function sqlState(error: unknown): string | undefined {
  const { code } = error as { code?: unknown };
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * A full disk, as against a store that cannot be reached: the reserve's refusal, SQLite's
 * SQLITE_FULL, PostgreSQL's 53100 disk_full, a file write's ENOSPC (decision 0057).
 */
export function isDiskFull(error: unknown): boolean {
  return (
    error instanceof StoreDiskFullError ||
    isStoreFull(error) ||
    sqliteCode(error) === sqliteFull ||
    sqlState(error) === "53100" ||
    (error as { code?: unknown } | null)?.code === "ENOSPC"
  );
}

/**
 * A full disk's error as the one kind the rest of the server knows (StoreDiskFullError, with the
 * code staff pages read); any other error as it is.
 */
export function namedDiskFull(error: unknown, space?: DiskSpace): unknown {
  if (error instanceof StoreDiskFullError || !isDiskFull(error)) return error;
  return new StoreDiskFullError(space, { cause: error });
}

/** The store's own failure in `error`, or null when the error is the work's own. */
export function storeFailure(error: unknown): StoreFailure | null {
  if (isDiskFull(error)) return "disk-full";
  const sqlite = sqliteCode(error);
  if (sqlite !== undefined) return sqliteStoreFailures.has(sqlite) ? "writes-failing" : null;
  const state = sqlState(error);
  if (state === undefined) return null;
  return postgresFailureClasses.has(state.slice(0, 2)) || state === "25006"
    ? "writes-failing"
    : null;
}
