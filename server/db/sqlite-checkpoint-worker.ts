// Runs in a worker thread beside the SQLite store (server/db/sqlite-checkpointer.ts): copies
// the write-ahead log into the database file on its own connection, so the file's fsync never
// holds up the server's event loop.
import { DatabaseSync } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";

const { path, intervalMs } = workerData as { path: string; intervalMs: number };
const db = new DatabaseSync(path);
db.exec("PRAGMA busy_timeout = 5000; PRAGMA synchronous = FULL;");
const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");

function run() {
  try {
    // PASSIVE waits for no one: it copies what no reader still needs, and the next write starts
    // the log afresh once everything is copied.
    checkpoint.get();
  } catch {
    // Busy or briefly locked: the next round tries again; the serving connection's own
    // auto-checkpoint remains the safety net.
  }
}

const timer = setInterval(run, intervalMs);
parentPort?.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  run();
  db.close();
  parentPort?.postMessage("stopped");
});
