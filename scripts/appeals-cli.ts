// Operators' command: `npm run appeals -- list [--json] [--since YYYY-MM-DD]`,
// `npm run appeals -- backup <file>`,
// `npm run appeals -- restore <file>` and the decision on the mail a restore held: `held-mail`,
// `release-mail`, `cancel-mail`. Works on the store DATABASE_URL names (as the server does).
// With --json, standard output holds only the JSON.
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { visibleText } from "../domain/appeals/visible-text.ts";
import { editablePages, isEditablePage } from "../domain/site-content/site-editions.ts";
import { formatKirovDateTime, startOfKirovDay } from "../domain/time/kirov-time.ts";
import { type DatabaseConfig, defaultDatabaseUrl, loadStoreConfig } from "../server/config.ts";
import type { StoredAppeal } from "../server/db/appeals-repository.ts";
import { openDataLayer } from "../server/db/data-layer.ts";
import { type DeliveryKind, deliveryKinds } from "../server/db/deliveries-repository.ts";
import { defaultDiskReserveMiB } from "../server/db/sqlite-disk-limits.ts";
import {
  defaultNumberMargin,
  sequenceOfNumber,
} from "../server/operations/restored-store-safety.ts";
import { decideHeldEditionsCommand, listHeldEditions } from "./held-editions-commands.ts";
import { decideHeldMail, listHeldMail, parseAge } from "./held-mail-commands.ts";
import { backup, restore } from "./store-backup-commands.ts";

/**
 * No command deletes appeals: a case is destroyed only by an approved act of destruction, made and
 * approved by a head at /staff/archive when its storage term has ended (decision 0064). The
 * `purge` that deleted by age is gone; asked for, it says so.
 */
const noPurge = `There is no purge: appeals are never deleted by age or by a command. A case is
destroyed only by an approved act of destruction, which a head makes and approves at
/staff/archive once its storage term has ended (decision 0064).`;

const usage = `Usage: npm run appeals -- list [--json] [--since YYYY-MM-DD]
       npm run appeals -- backup FILE
       npm run appeals -- restore FILE [--last-number NUMBER] [--margin N]
       npm run appeals -- held-mail [--json]
       npm run appeals -- release-mail|cancel-mail --all | [--kind KIND] [--older-than AGE]
       npm run appeals -- held-editions [--json]
       npm run appeals -- release-editions|cancel-editions --all | --page PAGE

  list               print the stored appeals, oldest first
  --json             print them as one JSON array (nothing else on standard output)
  --since DATE       only appeals registered on or after DATE (Kirov time)
  backup FILE        write a verified copy of the store to FILE while the server runs (SQLite:
                     an online copy; PostgreSQL: a pg_dump archive for pg_restore); FILE must
                     not exist yet
  restore FILE       put the backup FILE in place as the store, with every server stopped
                     (SQLite: refused while a server has the store open); the replaced store
                     is kept beside it (PostgreSQL: its schema, renamed). Registration numbers
                     go on from a new thousand at least N (--margin, default ${defaultNumberMargin})
                     past the highest of the backup and --last-number NUMBER (the last number
                     in the handlers' mailbox); every mail pending in the backup is held, and
                     every scheduled site edition whose moment has passed
  held-mail          list the mail a restore held, by kind and age
  release-mail       send held mail: --all, or those of --kind KIND and/or written more than
                     --older-than AGE ago (90m, 12h, 3d)
  cancel-mail        never send held mail (it went before the loss): same choice as release-mail
  held-editions      list the scheduled site editions a restore held
  release-editions   let held editions be published (at the servers' next check): --all, or
                     those of --page PAGE (vacancies, prices, news…)
  cancel-editions    never publish held editions: each becomes a draft again; same choice

The store is the one DATABASE_URL names (default ${defaultDatabaseUrl}), written under the
disk reserve DISK_RESERVE_MB sets (default ${defaultDiskReserveMiB} MiB), as the server writes it.
No command deletes appeals: a case is destroyed only by an approved act at /staff/archive.`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

function parseCommand(argv: string[]) {
  const options = {
    json: { type: "boolean" },
    since: { type: "string" },
    "older-than": { type: "string" },
    "last-number": { type: "string" },
    margin: { type: "string" },
    kind: { type: "string" },
    page: { type: "string" },
    all: { type: "boolean" },
    help: { type: "boolean" },
  } as const;
  // Before the options are checked: whatever followed it, the answer is the same.
  if (argv.find((arg) => !arg.startsWith("-")) === "purge") {
    console.error(noPurge);
    process.exit(2);
  }
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: typeof options; allowPositionals: true }>
  >;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    fail((error as Error).message);
  }
  if (parsed.values.help) {
    console.log(usage);
    process.exit(0);
  }
  const [command, ...rest] = parsed.positionals;
  if (command === undefined) fail("No command given.");
  const { values } = parsed;
  const restoreOnly = values["last-number"] !== undefined || values.margin !== undefined;
  const mailOnly = values.kind !== undefined || values.all !== undefined;
  const editionsOnly = values.page !== undefined;
  if (command === "backup" || command === "restore") {
    const [file, ...extra] = rest;
    if (file === undefined) fail(`${command} needs a FILE.`);
    if (extra.length > 0) fail(`Unexpected argument "${extra[0]}".`);
    if (values.json || values.since || values["older-than"] !== undefined || mailOnly) {
      fail(`${command} takes no such option.`);
    }
    if (editionsOnly) fail(`${command} takes no such option.`);
    if (command === "backup") {
      if (restoreOnly) fail("--last-number and --margin belong to restore.");
      return { command, file } as const;
    }
    return {
      command,
      file,
      lastKnownSequence: parseLastNumber(values["last-number"]),
      margin: parseMargin(values.margin),
    } as const;
  }
  if (rest.length > 0) fail(`Unexpected argument "${rest[0]}".`);
  if (restoreOnly) fail("--last-number and --margin belong to restore.");
  if (command.endsWith("-editions")) {
    const editions = parseEditionsCommand(command, values, { all: values.all, page: values.page });
    // Written out here, as the other commands are, so that they make one union with them.
    return editions.command === "held-editions"
      ? ({ command: editions.command, json: editions.json } as const)
      : ({ command: editions.command, page: editions.page } as const);
  }
  if (editionsOnly) fail("--page belongs to release-editions and cancel-editions.");
  if (command === "held-mail") {
    if (values.since || values["older-than"] !== undefined || mailOnly) {
      fail("held-mail takes only --json.");
    }
    return { command, json: values.json ?? false } as const;
  }
  if (command === "release-mail" || command === "cancel-mail") {
    if (values.json || values.since) fail(`${command} takes --all, --kind and --older-than.`);
    const kind = parseKind(values.kind);
    const olderThan = values["older-than"];
    const olderThanMs = olderThan === undefined ? undefined : parseAge(olderThan);
    if (olderThan !== undefined && olderThanMs === undefined) {
      fail(`--older-than "${olderThan}" is not an age such as 90m, 12h or 3d.`);
    }
    const filtered = kind !== undefined || olderThanMs !== undefined;
    if ((values.all ?? false) === filtered) {
      fail(`${command} needs either --all, or --kind and/or --older-than (not both).`);
    }
    return { command, kind, olderThanMs } as const;
  }
  if (mailOnly) fail("--kind and --all belong to release-mail and cancel-mail.");
  if (command !== "list") fail(`Unknown command "${command}".`);
  if (parsed.values["older-than"] !== undefined) {
    fail("--older-than belongs to release-mail and cancel-mail.");
  }
  return {
    command,
    json: parsed.values.json ?? false,
    since: parseSince(parsed.values.since),
  } as const;
}

/** `held-editions [--json]`, `release-editions|cancel-editions --all | --page PAGE`. */
function parseEditionsCommand(
  command: string,
  values: { json?: boolean; since?: string; "older-than"?: string; kind?: string },
  choice: { all?: boolean; page?: string },
) {
  if (values.since || values["older-than"] !== undefined || values.kind !== undefined) {
    fail(`${command} takes no such option.`);
  }
  if (command === "held-editions") {
    if (choice.all !== undefined || choice.page !== undefined) {
      fail("held-editions takes only --json.");
    }
    return { command: "held-editions", json: values.json ?? false } as const;
  }
  const decided =
    command === "release-editions" ? command : command === "cancel-editions" ? command : undefined;
  if (decided === undefined) fail(`Unknown command "${command}".`);
  if (values.json) fail(`${command} takes --all or --page.`);
  if ((choice.all ?? false) === (choice.page !== undefined)) {
    fail(`${command} needs either --all or --page PAGE (not both).`);
  }
  if (choice.page !== undefined && !isEditablePage(choice.page)) {
    fail(`--page "${choice.page}" is none of ${Object.keys(editablePages).join(", ")}.`);
  }
  return { command: decided, page: choice.page } as const;
}

function parseLastNumber(value: string | undefined): number | null {
  if (value === undefined) return null;
  const sequence = sequenceOfNumber(value);
  if (sequence === undefined) {
    fail(`--last-number "${value}" is not a registration number such as А-2026-001561.`);
  }
  return sequence;
}

function parseMargin(value: string | undefined): number {
  if (value === undefined) return defaultNumberMargin;
  if (!/^\d{1,7}$/.test(value)) fail(`--margin "${value}" is not a whole number.`);
  return Number(value);
}

function parseKind(value: string | undefined): DeliveryKind | undefined {
  if (value === undefined) return undefined;
  if (!(deliveryKinds as readonly string[]).includes(value)) {
    fail(`--kind "${value}" is none of ${deliveryKinds.join(", ")}.`);
  }
  return value as DeliveryKind;
}

/** YYYY-MM-DD, a real calendar date, as the start of that day in Kirov. */
function parseSince(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = startOfKirovDay(value);
  if (!date) fail(`--since "${value}" is not a date of the form YYYY-MM-DD.`);
  return date;
}

function printText(appeals: StoredAppeal[]) {
  if (appeals.length === 0) {
    console.log("No appeals.");
    return;
  }
  for (const appeal of appeals) {
    console.log(
      `${appeal.number}  ${formatKirovDateTime(new Date(appeal.created_at))} (Kirov time)`,
    );
    // Everything a citizen typed goes through visibleText: it cannot drive the terminal.
    console.log(`  first_name: ${visibleText(appeal.first_name)}`);
    console.log(`  last_name:  ${visibleText(appeal.last_name)}`);
    console.log(`  email:      ${visibleText(appeal.email)}`);
    console.log(`  phone:      ${visibleText(appeal.phone)} (${appeal.phone_normalized})`);
    console.log(`  region:     ${visibleText(appeal.region) || "—"}`);
    console.log(`  consent:    ${appeal.consent} (text ${appeal.consent_text_version})`);
    console.log(`  comment:    ${visibleText(appeal.comment).replace(/\n/g, "\n              ")}`);
    console.log("");
  }
  console.log(`${appeals.length} appeal(s).`);
}

async function main() {
  const command = parseCommand(process.argv.slice(2));
  let database: DatabaseConfig;
  try {
    // DATABASE_URL and DISK_RESERVE_MB, read as the server reads them.
    database = loadStoreConfig();
  } catch (error) {
    fail((error as Error).message);
  }
  if (command.command === "restore") return restore(database, command.file, command);
  if (database.kind === "sqlite" && !existsSync(database.path)) {
    console.error(`No appeals store at ${database.path} (DATABASE_URL).`);
    process.exit(1);
  }
  if (command.command === "backup") return backup(database, command.file);
  const data = await openDataLayer(database);
  try {
    if (command.command === "held-mail") return await listHeldMail(data, command.json);
    if (command.command === "held-editions") return await listHeldEditions(data, command.json);
    if (command.command === "release-editions" || command.command === "cancel-editions") {
      const decision = command.command === "release-editions" ? "released" : "cancelled";
      return await decideHeldEditionsCommand(data, decision, { page: command.page });
    }
    if (command.command === "release-mail" || command.command === "cancel-mail") {
      const decision = command.command === "release-mail" ? "released" : "cancelled";
      return await decideHeldMail(data, decision, command);
    }
    const appeals = await data.appeals.list({ since: command.since });
    if (command.json) process.stdout.write(`${JSON.stringify(appeals, null, 2)}\n`);
    else printText(appeals);
  } finally {
    await data.close();
  }
}

try {
  await main();
} catch (error) {
  console.error(`Could not work on the appeals: ${(error as Error).message}`);
  process.exit(1);
}
