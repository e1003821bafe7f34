// Runs in a worker thread (server/db/sqlite-backup.ts): copies the SQLite store with SQLite's
// online backup, verifies the copy and puts it in place atomically. In a thread of its own so
// neither the copy nor the integrity check of a large store ever holds up the server's event loop.
import { randomUUID } from "node:crypto";
import { closeSync, fdatasyncSync, openSync, rmSync } from "node:fs";
import { basename, dirname } from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";
import { assertIntegrity, sqliteTableCounts } from "./sqlite-table-counts.ts";
import { type BackupReport, putBackupInPlace, temporaryBackupName } from "./store-backup-report.ts";

const { source, target } = workerData as { source: string; target: string };

// 4 MB a step; the copy written so far is flushed every 16 steps.
const pagesPerStep = 1000;
const stepsPerFlush = 16;
let steps = 0;
let flushing: number | undefined;

/**
 * Flushes what the copy has written so far, so that a large store's copy (650 MB with 1,000,000
 * appeals) does not reach the disk in one flush at the end, which the server's commits, each
 * waiting for its own flush, could queue behind (figures in decision 0015).
 */
function flushSome(temporary: string) {
  steps += 1;
  if (steps % stepsPerFlush !== 0) return;
  flushing ??= openSync(temporary, "r");
  fdatasyncSync(flushing);
}

function closeFlushing() {
  if (flushing !== undefined) closeSync(flushing);
  flushing = undefined;
}

async function run(): Promise<BackupReport> {
  const started = performance.now();
  const temporary = temporaryBackupName(dirname(target), basename(target), randomUUID());
  const db = new DatabaseSync(source);
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    // One read transaction around the counts and the whole copy: both see the same snapshot, and
    // the server's commits (other connections) neither wait for it (WAL) nor restart the copy.
    db.exec("BEGIN");
    const counts = sqliteTableCounts(db);
    await backup(db, temporary, { rate: pagesPerStep, progress: () => flushSome(temporary) });
    db.exec("COMMIT");
    db.close();
    closeFlushing();

    const copy = new DatabaseSync(temporary);
    try {
      assertIntegrity(copy, "the copy");
      const copied = sqliteTableCounts(copy);
      if (JSON.stringify(copied) !== JSON.stringify(counts)) {
        throw new Error(
          `the copy's rows differ from the store's: ${JSON.stringify(copied)} != ${JSON.stringify(counts)}`,
        );
      }
      // One self-contained file: no write-ahead log beside it once closed.
      copy.exec("PRAGMA journal_mode = DELETE");
    } finally {
      copy.close();
    }
    return putBackupInPlace(temporary, target, counts, started);
  } catch (error) {
    closeFlushing();
    if (db.isOpen) db.close();
    rmSync(temporary, { force: true });
    throw error;
  }
}

try {
  parentPort?.postMessage({ ok: true, report: await run() });
} catch (error) {
  parentPort?.postMessage({ ok: false, message: (error as Error).message });
}
