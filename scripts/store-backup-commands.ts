// `npm run appeals -- backup FILE` and `restore FILE` (scripts/appeals-cli.ts): what they do and
// what they print. Exit codes as the other commands: 0 done, 1 refused or failed.
import { existsSync } from "node:fs";
import { basename } from "node:path";
import { registrationNumber } from "../domain/appeals/registration-number.ts";
import type { DatabaseConfig } from "../server/config.ts";
import { openDataLayer } from "../server/db/data-layer.ts";
import { PgDumpMissingError } from "../server/db/postgres-backup.ts";
import { restorePostgresStore } from "../server/db/postgres-restore.ts";
import type { HeldEdition } from "../server/db/site-edition-holds.ts";
import { restoreSqliteStore, StoreInUseError } from "../server/db/sqlite-restore.ts";
import { backupStore } from "../server/db/store-backup.ts";
import {
  type RestoreSafetyReport,
  secureRestoredStore,
} from "../server/operations/restored-store-safety.ts";
import { heldEditionLine, heldEditionsAdvice } from "./held-editions-commands.ts";

function rows(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([table, count]) => `  ${table}: ${count}`)
    .join("\n");
}

export async function backup(database: DatabaseConfig, file: string) {
  if (existsSync(file)) {
    console.error(`${file} exists already: choose another name or move it away first.`);
    process.exit(1);
  }
  try {
    const report = await backupStore(database, file);
    console.log(
      `Backup written to ${report.file}: ${report.bytes} bytes in ${report.durationMs} ms, verified; rows per table:\n${rows(report.counts)}`,
    );
  } catch (error) {
    if (error instanceof PgDumpMissingError) {
      console.error(`Could not back up: ${error.message}.`);
      process.exit(1);
    }
    throw error;
  }
}

export type RestoreOptions = {
  /** The sequence of the last registration number the operator knows was given, or null. */
  lastKnownSequence: number | null;
  margin: number;
};

export async function restore(database: DatabaseConfig, file: string, options: RestoreOptions) {
  const now = new Date();
  // Numbers moved on and mail held in the restored store before any server can open it.
  const secure = async (restored: DatabaseConfig) => {
    const data = await openDataLayer(restored);
    try {
      return await secureRestoredStore(data, {
        ...options,
        by: `команда appeals restore (${process.env.USER ?? "оператор"})`,
        backupName: basename(file),
        now,
      });
    } finally {
      await data.close();
    }
  };
  try {
    if (database.kind === "postgres") {
      const report = await restorePostgresStore(database.url, file, () => secure(database), now);
      console.log(`Restored ${file} as the schema ${report.schema}.`);
      if (report.previous) console.log(`The schema that was there is kept as ${report.previous}.`);
      printSafety(report.prepared, now);
      console.log("Start the servers (e.g. systemctl start 'agrochem-site@*') to serve it.");
      return;
    }
    const report = await restoreSqliteStore(file, database.path, {
      now,
      // The copy is written under the store's own disk reserve (DISK_RESERVE_MB).
      prepare: (copy) => secure({ ...database, path: copy }),
    });
    console.log(`Restored ${file} as ${report.store}:\n${rows(report.counts)}`);
    if (report.previous) console.log(`The store that was there is kept as ${report.previous}.`);
    printSafety(report.prepared, now);
    console.log("Start the server (e.g. systemctl start agrochem-site@8001) to serve it.");
  } catch (error) {
    if (error instanceof StoreInUseError) {
      const who = error.pids === null ? "" : ` (process ${error.pids.join(", ")})`;
      console.error(
        `Refused: the store ${error.path} is open${who}: a server writing to it would go on writing into the replaced file. Stop the server first (systemctl stop 'agrochem-site@*', or Ctrl+C / kill -TERM <pid> for npm start), then run restore again.`,
      );
      if (error.pids === null) {
        console.error("This system has no /proc/locks, so restore cannot tell; it refuses always.");
      }
      process.exit(1);
    }
    if (error instanceof PgDumpMissingError) {
      console.error(`Could not restore: ${error.message}.`);
      process.exit(1);
    }
    throw error;
  }
}

/** What the restore did about numbers and mail (decision 0022), in the operator's words. */
function printSafety(safety: RestoreSafetyReport, now: Date) {
  const { highestInBackup, lastKnownSequence, nextSequence, held } = safety;
  const known = Math.max(highestInBackup, lastKnownSequence ?? 0);
  console.log(
    `Registration numbers: ${highestInBackup === 0 ? "the backup has none" : `the backup's highest is ${registrationNumber(highestInBackup, now)}`}; ${
      lastKnownSequence === null
        ? "no last known number given (--last-number)"
        : `the last known number given is ${registrationNumber(lastKnownSequence, now)}`
    }. Appeals received after the backup's moment are lost, and their numbers may have been given: the next appeal gets ${registrationNumber(nextSequence, now)}, ${nextSequence - known - 1} numbers past ${registrationNumber(known, now)} are never issued.`,
  );
  printHeldEditions(safety.heldEditions);
  const kinds = Object.entries(held);
  const total = kinds.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) {
    console.log("Mail: nothing was pending in the backup; nothing is held.");
    return;
  }
  console.log(
    `Mail: ${total} mail(s) pending in the backup are held (${kinds.map(([kind, count]) => `${kind}: ${count}`).join(", ")}); they went out before the loss if the server ran on after the backup. None goes out until you decide: npm run appeals -- held-mail, then release-mail or cancel-mail.`,
  );
}

/** The scheduled site editions the restore held (decision 0057), each on a line. */
function printHeldEditions(editions: readonly HeldEdition[]) {
  if (editions.length === 0) {
    console.log("Site: no scheduled edition's moment has passed; nothing is held.");
    return;
  }
  console.log(
    `Site: ${editions.length} scheduled edition(s) whose moment passed while the store was lost are held; they may have been published, changed or cancelled after the backup. None is published until you decide (npm run appeals -- held-editions):`,
  );
  for (const edition of editions) console.log(`  ${heldEditionLine(edition)}`);
  console.log(heldEditionsAdvice);
}
