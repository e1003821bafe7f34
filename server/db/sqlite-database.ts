import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import type { Database, SqlExecutor, SqlRow, SqlValue, Transaction } from "./database.ts";
import { createGroupCommit, type Outcome } from "./group-commit.ts";
import { assertNotNewer, migrations } from "./migrations.ts";
import { backupSqliteStore } from "./sqlite-backup.ts";
import { servingAutoCheckpointPages, startCheckpointer } from "./sqlite-checkpointer.ts";
import { diskLimits, freeBytes, StoreDiskFullError } from "./sqlite-disk-limits.ts";
import { isDiskFull, namedDiskFull, type WriteStateListener } from "./store-failure.ts";

// Statements are prepared once and kept: parsing the appeal insert on every request cost more
// than the insert. The registry's dynamic statements are few in kind; the cap bounds the rest.
const statementCacheSize = 500;

type Work = (tx: Transaction) => Promise<unknown>;

/**
 * The SQLite database: one connection (node:sqlite is synchronous), migrated before it is
 * returned. WAL lets readers (the operators' commands) work beside the server; synchronous=FULL
 * makes every commit reach the disk before it returns, so an acknowledged appeal survives a power
 * cut; foreign_keys makes SQLite enforce REFERENCES and ON DELETE CASCADE. While its disk has
 * less than `diskReserveMiB` free, writes are refused (StoreDiskFullError) until the log is
 * checkpointed and space is back (sqlite-disk-limits.ts, decision 0023).
 */
export function openSqliteDatabase(path: string, diskReserveMiB?: number): Database {
  const directory = dirname(path);
  mkdirSync(directory, { recursive: true });
  const db = new DatabaseSync(path);
  const limits = diskLimits(diskReserveMiB);
  db.exec(
    `PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA journal_size_limit = ${limits.logLimitBytes};`,
  );
  migrate(db, path);
  // Checkpoints run in a thread of their own (sqlite-checkpointer.ts), which also watches the disk.
  db.exec(`PRAGMA wal_autocheckpoint = ${servingAutoCheckpointPages}`);
  let diskFull = false;
  const writeStateListeners = new Set<WriteStateListener>();
  let truncateDue = false;
  const checkpointer = startCheckpointer(path, limits, {
    diskState(state) {
      diskFull = !state.writable;
      for (const listener of writeStateListeners) listener(state);
    },
    truncateDue() {
      truncateDue = true;
    },
  });
  const truncateLog = db.prepare("PRAGMA wal_checkpoint(TRUNCATE)");
  /**
   * Between two batches, when the checkpoint thread was starved of the write lock: this
   * connection is the only writer, so the truncation goes through at once, copying only what the
   * thread's passive rounds left. It waits for no one: while the thread copies or a backup reads,
   * it is tried again before the next batch, at the cost of one refused lock.
   */
  const truncateIfDue = () => {
    if (!truncateDue) return;
    db.exec("PRAGMA busy_timeout = 0");
    try {
      // Busy (the thread is copying, or a backup reads): tried again before the next batch.
      const result = truncateLog.get() as { busy: number } | undefined;
      if (result?.busy === 0) truncateDue = false;
    } catch {
      // Full: the thread's rounds and the reserve take it from here.
      truncateDue = false;
    } finally {
      db.exec("PRAGMA busy_timeout = 5000");
    }
  };
  /** A write met a full disk: refused from now on, until the checkpoint thread says otherwise. */
  const noticeFull = (error: unknown) => {
    if (!isDiskFull(error) || diskFull) return;
    diskFull = true;
    checkpointer.diskFull();
  };

  const statements = new Map<string, StatementSync>();
  const prepared = (sql: string): StatementSync => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= statementCacheSize) statements.clear();
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const direct: Transaction = {
    kind: "sqlite",
    inTransaction: true,
    async all(sql, params = []) {
      return prepared(sql).all(...(params as SQLInputValue[])) as SqlRow[];
    },
    async run(sql, params = []) {
      return Number(prepared(sql).run(...(params as SQLInputValue[])).changes);
    },
  };
  /**
   * Whether a write may begin: not while refusing, nor once the disk is below the reserve, read
   * now (one statfs, a few microseconds against a batch's hundreds: decision 0050) rather than
   * heard from the checkpoint thread's next round, which comes up to a quarter second late, later
   * under load. Below it the store refuses from now on and tells the thread at once, which then
   * recovers as from any full disk. A statfs that fails says nothing of the disk: the write goes
   * ahead, as it did before this check; should the disk really be full, SQLite's own write fails
   * (SQLITE_FULL) and turns the refusal on all the same (noticeFull).
   */
  const hasReserve = (): boolean => {
    if (diskFull) return false;
    let free: number;
    try {
      free = freeBytes(directory);
    } catch {
      return true;
    }
    if (free >= limits.reserveBytes) return true;
    diskFull = true;
    checkpointer.diskFull();
    return false;
  };
  /** The disk's free space now, for the refusal's message and the operators' log. */
  const space = () => {
    try {
      return { freeBytes: freeBytes(directory), reserveBytes: limits.reserveBytes };
    } catch {
      return { freeBytes: null, reserveBytes: limits.reserveBytes };
    }
  };
  const refuseWhileFull = () => {
    if (!hasReserve()) throw new StoreDiskFullError(space());
  };
  /** A full disk met by a write (SQLITE_FULL) as the one error of a full disk, with the figures. */
  const named = (error: unknown) => (isDiskFull(error) ? namedDiskFull(error, space()) : error);

  // A transaction's work awaits between its statements: another request's statement must not
  // land inside it. Everything on this connection runs one at a time, in order.
  let queue: Promise<unknown> = Promise.resolve();
  const serialised = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work, work);
    queue = result.catch(() => {});
    return result;
  };

  /**
   * The transactions waiting in this turn of the event loop, in one BEGIN IMMEDIATE … COMMIT:
   * one fsync for all of them (decision 0011). Each has its own savepoint: one that fails is
   * rolled back alone and the others are kept. Each is answered only once COMMIT has returned.
   */
  const commitBatch = (works: Work[]) =>
    serialised(async (): Promise<Outcome<unknown>[]> => {
      refuseWhileFull();
      truncateIfDue();
      db.exec("BEGIN IMMEDIATE");
      try {
        const outcomes: Outcome<unknown>[] = [];
        for (const work of works) {
          db.exec("SAVEPOINT work");
          try {
            const value = await work(direct);
            db.exec("RELEASE work");
            outcomes.push({ ok: true, value });
          } catch (error) {
            noticeFull(error);
            db.exec("ROLLBACK TO work; RELEASE work");
            outcomes.push({ ok: false, error: named(error) });
          }
        }
        db.exec("COMMIT");
        return outcomes;
      } catch (error) {
        noticeFull(error);
        if (db.isTransaction) db.exec("ROLLBACK");
        throw named(error);
      }
    });
  const groupCommit = createGroupCommit(commitBatch);

  const outside: SqlExecutor = {
    kind: "sqlite",
    all: (sql: string, params?: readonly SqlValue[]) => serialised(() => direct.all(sql, params)),
    run: (sql: string, params?: readonly SqlValue[]) =>
      serialised(async () => {
        refuseWhileFull();
        try {
          return await direct.run(sql, params);
        } catch (error) {
          noticeFull(error);
          throw named(error);
        }
      }),
  };

  return {
    ...outside,
    transaction: <T>(work: (tx: Transaction) => Promise<T>) =>
      groupCommit.add(work as Work) as Promise<T>,
    async durability() {
      const journal = db.prepare("PRAGMA journal_mode").get() as { journal_mode: string };
      const sync = db.prepare("PRAGMA synchronous").get() as { synchronous: number };
      const levels = ["off", "normal", "full", "extra"];
      return {
        journal_mode: journal.journal_mode.toLowerCase(),
        synchronous: levels[sync.synchronous] ?? String(sync.synchronous),
      };
    },
    backup: (target) => backupSqliteStore(path, target),
    writable: hasReserve,
    onWriteState(listener) {
      writeStateListeners.add(listener);
      return () => writeStateListeners.delete(listener);
    },
    async ping() {
      await outside.all("SELECT 1");
    },
    async close() {
      await groupCommit.flush();
      await queue;
      await checkpointer.stop();
      if (db.isOpen) db.close();
    },
  };
}

function migrate(db: DatabaseSync, path: string) {
  db.exec("BEGIN IMMEDIATE");
  try {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
    const applied = db
      .prepare("SELECT version FROM schema_migrations")
      .all()
      .map((row) => Number(row.version));
    assertNotNewer(applied, path);
    for (const migration of migrations) {
      if (applied.includes(migration.version)) continue;
      db.exec(migration.sqlite);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
    }
    db.exec("COMMIT");
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    db.close();
    throw error;
  }
}
