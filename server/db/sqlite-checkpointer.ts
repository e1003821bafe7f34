import { Worker } from "node:worker_threads";
import type { DiskLimits, DiskState } from "./sqlite-disk-limits.ts";

/**
 * Checkpoints of the SQLite write-ahead log, in a worker thread. node:sqlite is synchronous: a
 * checkpoint run by the serving connection (SQLite's automatic one, every 1000 pages) blocks the
 * event loop while it copies pages into the database file and fsyncs it, and every request waits.
 * With 1,000,000 appeals stored each commit touches more index pages and the p99 of an appeal POST
 * went from 5 ms to 11 ms; with checkpoints here it stays at 5 ms (decision 0011). The serving
 * connection keeps a far higher automatic threshold (`servingAutoCheckpointPages`) as a safety
 * net should this thread ever fall behind. The same thread keeps the log within its limit and
 * watches the disk's free space against the reserve (decision 0023): `on.diskState` hears when the
 * store must refuse writes and when it may write again.
 */
export function startCheckpointer(
  path: string,
  limits: DiskLimits,
  on: {
    diskState(state: DiskState): void;
    /** The log is past its limit and this thread could not truncate it: the server should. */
    truncateDue(): void;
  },
  intervalMs = 250,
) {
  const worker = new Worker(new URL("./sqlite-checkpoint-worker.ts", import.meta.url), {
    workerData: { path, intervalMs, limits },
  });
  // A checkpoint thread must never keep the process alive, nor take it down.
  worker.unref();
  worker.on("error", () => {});
  const stoppedWaiters = new Set<() => void>();
  worker.on("message", (message: DiskState | "stopped" | "truncate") => {
    if (message === "stopped") for (const done of stoppedWaiters) done();
    else if (message === "truncate") on.truncateDue();
    else on.diskState(message);
  });
  let stopped: Promise<void> | undefined;
  return {
    /** The server's own write met a full disk: refuse writes now, recover as from any full disk. */
    diskFull() {
      worker.postMessage("full");
    },
    /** A last checkpoint, then the thread ends. */
    stop(): Promise<void> {
      stopped ??= new Promise<void>((done) => {
        const timeout = setTimeout(() => void worker.terminate().then(() => done()), 5000);
        stoppedWaiters.add(() => {
          clearTimeout(timeout);
          void worker.terminate().then(() => done());
        });
        worker.once("exit", () => {
          clearTimeout(timeout);
          done();
        });
        worker.postMessage("stop");
      });
      return stopped;
    },
  };
}

/** The serving connection checkpoints by itself only past this many pages (~40 MB of log). */
export const servingAutoCheckpointPages = 10_000;
