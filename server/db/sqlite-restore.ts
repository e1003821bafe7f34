import { randomUUID } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fsyncPath } from "./fsync-path.ts";
import { assertNotNewer } from "./migrations.ts";
import { sqliteStoreUsers } from "./sqlite-store-users.ts";
import { assertIntegrity, sqliteTableCounts } from "./sqlite-table-counts.ts";

export class StoreInUseError extends Error {
  override name = "StoreInUseError";
  readonly path: string;
  readonly pids: number[] | null;
  constructor(path: string, pids: number[] | null) {
    super(
      pids === null
        ? `cannot tell whether ${path} is in use (no /proc/locks on this system)`
        : `${path} is in use by process ${pids.join(", ")}`,
    );
    this.path = path;
    this.pids = pids;
  }
}

export type RestoreReport<T = undefined> = {
  store: string;
  /** Where the store that was there before now is (with its -wal and -shm), or null. */
  previous: string | null;
  counts: Record<string, number>;
  /** What `prepare` made of the restored copy. */
  prepared: T;
};

/**
 * Puts the backup `backupFile` in place as the SQLite store at `store`. Refuses while any process
 * has the store open (a server writing to it would go on writing into the replaced file). The
 * backup is checked first (integrity_check, a schema this release knows); the store that was
 * there is kept beside it, renamed with its write-ahead log, never deleted: the log belongs to
 * it, and left in place it would be replayed into the restored file. `prepare` works on the copy
 * before it is put in place (decision 0022: numbers moved on, mail held), so no server can ever
 * open the restored store without what it did.
 */
export async function restoreSqliteStore<T = undefined>(
  backupFile: string,
  store: string,
  options: { now?: Date; prepare?: (copy: string) => Promise<T> } = {},
): Promise<RestoreReport<T>> {
  const now = options.now ?? new Date();
  const users = sqliteStoreUsers(store);
  if (users === null || users.length > 0) throw new StoreInUseError(store, users);
  const counts = checkBackup(backupFile);

  mkdirSync(dirname(store), { recursive: true });
  const temporary = join(dirname(store), `.${basename(store)}.${randomUUID()}.restoring`);
  try {
    copyFileSync(backupFile, temporary);
    const prepared = (await options.prepare?.(temporary)) as T;
    asOneFile(temporary);
    fsyncPath(temporary);
    let previous: string | null = null;
    if (existsSync(store)) {
      previous = `${store}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
      renameSync(store, previous);
      for (const suffix of ["-wal", "-shm"]) {
        if (existsSync(`${store}${suffix}`))
          renameSync(`${store}${suffix}`, `${previous}${suffix}`);
      }
    }
    renameSync(temporary, store);
    fsyncPath(dirname(store));
    return { store, previous, counts, prepared };
  } finally {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) {
      rmSync(`${temporary}${suffix}`, { force: true });
    }
  }
}

/**
 * The copy as one self-contained file, as the backup was: what `prepare` wrote in its log is
 * checkpointed into it and the log removed, since a log would not follow the rename.
 */
function asOneFile(file: string) {
  const db = new DatabaseSync(file);
  try {
    db.exec("PRAGMA journal_mode = DELETE");
  } finally {
    db.close();
  }
}

/** The rows of every table of a sound backup this release can serve; throws otherwise. */
function checkBackup(file: string): Record<string, number> {
  if (!existsSync(file)) throw new Error(`no backup file at ${file}`);
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    assertIntegrity(db, file);
    const versions = db
      .prepare("SELECT version FROM schema_migrations")
      .all()
      .map((row) => Number(row.version));
    assertNotNewer(versions, file);
    return sqliteTableCounts(db);
  } catch (error) {
    if ((error as Error).message.includes("no such table: schema_migrations")) {
      throw new Error(`${file} is not a backup of the appeals store (no schema_migrations)`);
    }
    throw error;
  } finally {
    db.close();
  }
}
