// Runs in a worker thread beside the SQLite store (server/db/sqlite-checkpointer.ts): copies the
// write-ahead log into the database file on its own connection, so the file's fsync never holds
// up the server's event loop; keeps the log bounded; and watches the free space of the store's
// disk, telling the server to refuse writes before the disk is too full to checkpoint. The server
// also reads the free space before each write batch and tells this thread when it is below the
// reserve (decision 0050): its word is the guarantee, this thread's rounds the recovery.
import { statSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";
import { type DiskLimits, type DiskState, freeBytes } from "./sqlite-disk-limits.ts";

const { path, intervalMs, limits } = workerData as {
  path: string;
  intervalMs: number;
  limits: DiskLimits;
};
const db = new DatabaseSync(path);
db.exec(
  `PRAGMA busy_timeout = 5000; PRAGMA synchronous = FULL; PRAGMA journal_size_limit = ${limits.logLimitBytes};`,
);
const passive = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
const truncate = db.prepare("PRAGMA wal_checkpoint(TRUNCATE)");

const directory = dirname(path);

let writable = true;
/** The server found its disk below the reserve (or full) before this thread saw it. */
let toldFull = false;

function logBytes(): number {
  try {
    return statSync(`${path}-wal`).size;
  } catch {
    return 0;
  }
}

/** A truncating checkpoint: every frame copied, then the log file cut to nothing. */
function truncateLog(): boolean {
  const result = truncate.get() as { busy: number } | undefined;
  return result?.busy === 0 && logBytes() === 0;
}

function tell(free: number) {
  const state: DiskState = { writable, freeBytes: free, logBytes: logBytes() };
  parentPort?.postMessage(state);
}

function run() {
  try {
    const free = freeBytes(directory);
    if (writable && (toldFull || free < limits.reserveBytes)) {
      // Refused from now on: what is left of the reserve is the checkpoint's, which may grow the
      // database file by as much as the log holds.
      writable = false;
      toldFull = false;
      tell(free);
    }
    if (!writable) {
      // Writes resume only once the log is empty and the disk has the reserve and one log's room
      // again: the freed space goes to the store's data, not to a log that cannot be copied.
      if (truncateLog() && freeBytes(directory) >= limits.reserveBytes + limits.logLimitBytes) {
        writable = true;
        tell(freeBytes(directory));
      }
      return;
    }
    // PASSIVE waits for no one: it copies what no reader still needs, and the next write starts
    // the log afresh once everything is copied. Under a steady burst it never catches up, and the
    // log file only grows: past its limit a truncating checkpoint follows, which holds writers off
    // only for what the passive one left (the frames written meanwhile) and cuts the file.
    passive.get();
    // A writer that never pauses can starve this connection of the write lock a truncating
    // checkpoint needs: the serving connection is then asked to truncate between two batches.
    if (logBytes() > limits.logLimitBytes && !truncateLog()) parentPort?.postMessage("truncate");
  } catch {
    // Busy, briefly locked, or the disk full (SQLITE_FULL): the next round tries again.
  }
}

// A log filling fast (a burst writes 50 MiB a second on a small machine) is looked at ten times
// as often, so it stays near its limit rather than a quarter second's writing past it.
let timer: NodeJS.Timeout;
let stopped = false;
function schedule() {
  if (stopped) return;
  timer = setTimeout(
    () => {
      run();
      schedule();
    },
    logBytes() > limits.logLimitBytes / 2 ? intervalMs / 10 : intervalMs,
  );
}
schedule();
parentPort?.on("message", (message) => {
  if (message === "full") {
    // Refused at once, then recovered as from any full disk. Already refusing (this thread saw
    // it first, and the server had not heard yet): nothing to add; kept, the word would turn the
    // store off again for a moment after its recovery.
    if (writable) toldFull = true;
    run();
    return;
  }
  if (message !== "stop") return;
  stopped = true;
  clearTimeout(timer);
  run();
  db.close();
  parentPort?.postMessage("stopped");
});
