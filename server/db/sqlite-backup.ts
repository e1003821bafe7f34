import { existsSync } from "node:fs";
import { Worker } from "node:worker_threads";
import type { BackupReport } from "./store-backup-report.ts";

/**
 * An online, consistent copy of the SQLite store at `source`, written to `target` (replaced if
 * there): taken while the server keeps writing, verified (integrity_check and the rows of every
 * table), then renamed into place. The work runs in a worker thread (sqlite-backup-worker.ts).
 */
export function backupSqliteStore(source: string, target: string): Promise<BackupReport> {
  // Opening a missing file would create an empty store and back that up.
  if (!existsSync(source)) return Promise.reject(new Error(`no SQLite store at ${source}`));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./sqlite-backup-worker.ts", import.meta.url), {
      workerData: { source, target },
    });
    let answered = false;
    worker.once(
      "message",
      (message: { ok: true; report: BackupReport } | { ok: false; message: string }) => {
        answered = true;
        if (message.ok) resolve(message.report);
        else reject(new Error(message.message));
      },
    );
    worker.once("error", (error) => {
      answered = true;
      reject(error);
    });
    worker.once("exit", (code) => {
      if (!answered) reject(new Error(`the backup thread ended (code ${code}) without an answer`));
    });
  });
}
