// The restore drill, as an operator would run it: a store with appeals, answers with their files,
// staff accounts and audit lines, served by the real server; a backup taken with
// `npm run appeals -- backup` while a burst of appeals is being written; `restore` refused while
// the server has the store open; the backup restored into a new file; a server started on it
// serves the same appeals (the staff CSV, row for row) and the same files (downloaded, byte for
// byte), and takes new ones with a registration number past any the lost appeals had.
// Needs the built site (npm run build).
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { after, before, describe, test } from "node:test";
import { registrationNumber } from "../../domain/appeals/registration-number.ts";
import { appealEntry } from "../../server/db/audit-repository.ts";
import { openDataLayer } from "../../server/db/data-layer.ts";
import {
  defaultNumberMargin,
  sequenceAfterRestore,
} from "../../server/operations/restored-store-safety.ts";
import { appealsCommand } from "../support/appeals-command.ts";
import {
  exited,
  killIfRunning,
  type ServerProcess,
  startServer,
} from "../support/server-process.ts";
import { addStaffUser, storeAppealIn } from "../support/staff-fixtures.ts";
import { StaffHttpBrowser } from "../support/staff-http.ts";

const seeded = 400;
const workers = 8;
const staffLogin = "drill";
const staffPassword = "drill password 2026";
const answeredAppeals = 5;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Each answered appeal's files as staff download them from `server`: address → SHA-256. */
async function downloadedFiles(server: ServerProcess, files: Map<string, string>) {
  const staff = new StaffHttpBrowser(server.baseUrl);
  await staff.signIn(staffLogin, staffPassword);
  const hashes = new Map<string, string>();
  for (const path of files.keys()) {
    const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie: staff.cookie } });
    assert.equal(response.status, 200, path);
    hashes.set(path, sha256(new Uint8Array(await response.arrayBuffer())));
  }
  return hashes;
}

/** A table WITHOUT ROWID (the statistics' counts) is compared whole, in its rows' text order. */
const wholeTable = -1;

/**
 * What a restore changes in the rows it brings back (decision 0022): a pending delivery's next
 * try is parked and its lease dropped until the operator releases it.
 */
const changedByRestore: Record<string, string[]> = {
  deliveries: ["next_attempt_at", "lease_owner", "lease_until"],
};

/**
 * Rows of every table up to the highest rowid the backup has, hashed in rowid order; a table
 * without rowids whole; the columns in `omit` left out. (The burst only inserts appeals, which
 * change no count: decision 0018.)
 */
function tableHashes(
  path: string,
  upTo: Record<string, number>,
  omit: Record<string, string[]> = {},
) {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return Object.fromEntries(
      Object.entries(upTo).map(([table, maxRowid]) => {
        const rows =
          maxRowid === wholeTable
            ? db
                .prepare(`SELECT * FROM "${table}"`)
                .all()
                .map((row) => JSON.stringify(row))
                .sort()
            : db
                .prepare(`SELECT * FROM "${table}" WHERE rowid <= ? ORDER BY rowid`)
                .all(maxRowid)
                .map((row) => JSON.stringify(row));
        const hash = createHash("sha256");
        for (const row of rows) hash.update(`${withoutColumns(row, omit[table] ?? [])}\n`);
        return [table, { rows: rows.length, sha256: hash.digest("hex") }];
      }),
    );
  } finally {
    db.close();
  }
}

function withoutColumns(rowJson: string, columns: string[]): string {
  if (columns.length === 0) return rowJson;
  const row = JSON.parse(rowJson) as Record<string, unknown>;
  for (const column of columns) delete row[column];
  return JSON.stringify(row);
}

function maxRowids(path: string): Record<string, number> {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const tables = db
      .prepare(
        "SELECT name, wr FROM pragma_table_list WHERE type = 'table' AND schema = 'main' AND name NOT LIKE 'sqlite_%'",
      )
      .all();
    return Object.fromEntries(
      tables.map(({ name, wr }) => {
        if (Number(wr) === 1) return [String(name), wholeTable];
        const row = db.prepare(`SELECT COALESCE(max(rowid), 0) AS top FROM "${name}"`).get();
        return [String(name), Number(row?.top)];
      }),
    );
  } finally {
    db.close();
  }
}

const countsTable = "acknowledgement_counts";

/** The backup's acknowledgement counts that the source lacks or holds smaller. */
function countsGrownSince(backupPath: string, sourcePath: string): string[] {
  const read = (path: string) => {
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      return new Map(
        db
          .prepare(`SELECT email_key, day, sent FROM ${countsTable}`)
          .all()
          .map((row) => [`${row.email_key} ${row.day}`, Number(row.sent)]),
      );
    } finally {
      db.close();
    }
  };
  const later = read(sourcePath);
  return [...read(backupPath)]
    .filter(([key, sent]) => (later.get(key) ?? -1) < sent)
    .map(([key, sent]) => `${key}: ${sent} in the backup, ${later.get(key)} in the source`);
}

/** Signs in through the real sign-in form and downloads the registry as CSV. */
async function staffCsv(server: ServerProcess): Promise<string[]> {
  const loginPage = await fetch(`${server.baseUrl}/staff/login`);
  const cookies = loginPage.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  const token = /name="_csrf"[^>]*value="([^"]+)"/.exec(await loginPage.text())?.[1];
  assert.ok(token, "the sign-in form carries a CSRF token");
  const signedIn = await fetch(`${server.baseUrl}/staff/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookies.join("; "),
      origin: server.baseUrl,
    },
    body: new URLSearchParams({ _csrf: token, login: staffLogin, password: staffPassword }),
  });
  const session = signedIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .find((cookie) => cookie?.startsWith("staff_session="));
  assert.ok(session, `signed in (status ${signedIn.status})`);
  const csv = await fetch(`${server.baseUrl}/staff/export.csv`, { headers: { cookie: session } });
  assert.equal(csv.status, 200);
  // One line per appeal (the drill's texts have no line breaks), after the header.
  return (await csv.text())
    .split("\r\n")
    .slice(1)
    .filter((line) => line !== "");
}

async function postAppeal(baseUrl: string, index: number) {
  return fetch(`${baseUrl}/api/users/appeals/`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({
      first_name: "Иван",
      last_name: "Учениев",
      email: `drill-${index}@example.ru`,
      phone: "+7 912 345-67-89",
      region: "43 - Кировская область",
      comment: `Обращение ${index} во время резервного копирования.`,
      consent: true,
    }),
  });
}

describe("restore drill (SQLite)", () => {
  let dir: string;
  let source: string;
  let server: ServerProcess | undefined;
  /** Each answer file's download address → the SHA-256 of the bytes stored. */
  const answerFiles = new Map<string, string>();

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "restore-drill-"));
    source = join(dir, "appeals.sqlite");
    const data = await openDataLayer({ kind: "sqlite", path: source });
    await addStaffUser(data, staffLogin, staffPassword);
    await addStaffUser(data, "second", "another password 2026");
    const received = new Date(Date.now() - 3 * 86_400_000);
    for (let index = 0; index < seeded; index++) {
      const change =
        index % 3 === 0 ? { state: "registered" as const, registered_on: "2026-11-20" } : undefined;
      const stored = await storeAppealIn(data, received, change, { comment: `Засеяно ${index}` });
      if (change && index < 3 * answeredAppeals) {
        // An answer with two files of its own, as staff send it (answer-service.ts).
        const at = new Date();
        const files = [
          {
            fileName: `письмо-${index}.pdf`,
            mediaType: "application/pdf",
            content: Buffer.from(`%PDF-1.7\n% ${index}\n%%EOF\n`),
          },
          { fileName: `фото-${index}.png`, mediaType: "image/png", content: randomBytes(2048) },
        ];
        await data.transaction(async (tx) => {
          const answerId = await data.answers.insert(
            {
              appealId: stored.id,
              text: `Ответ ${index}`,
              outgoingNumber: `${index}`,
              staffLogin,
              createdAt: at,
              answeredOn: "2026-11-21",
            },
            tx,
          );
          assert.ok(answerId, "the appeal had no answer yet");
          const kept = await data.attachments.insertAll(
            stored.id,
            { kind: "answer", id: answerId },
            files,
            at,
            tx,
          );
          for (const [position, file] of kept.entries()) {
            answerFiles.set(
              `/staff/appeals/${stored.id}/files/${file.id}`,
              sha256(files[position]?.content ?? new Uint8Array()),
            );
          }
        });
      }
      if (change) {
        await data.audit.record(
          appealEntry(received, staffLogin, stored.id, "register", {
            from: "new",
            to: "registered",
          }),
        );
      }
    }
    await data.close();
  });
  after(async () => {
    await killIfRunning(server);
    await rm(dir, { recursive: true, force: true });
  });

  test("backup under load → restore into a new file → same appeals, next number", async () => {
    server = await startServer(`sqlite:${source}`);
    const running = server;

    // A burst of appeals; the backup starts once it is under way and the burst outlives it.
    let stop = false;
    let next = 0;
    const acknowledged: string[] = [];
    const burst = Array.from({ length: workers }, async () => {
      while (!stop) {
        const response = await postAppeal(running.baseUrl, next++);
        assert.equal(response.status, 201, await response.clone().text());
        acknowledged.push(((await response.json()) as { number: string }).number);
      }
    });
    while (acknowledged.length < 50) await new Promise((resolve) => setTimeout(resolve, 10));
    const backupFile = join(dir, "backup.sqlite");
    const startedAt = acknowledged.length;
    const backup = await appealsCommand(`sqlite:${source}`, ["backup", backupFile]);
    const endedAt = acknowledged.length;
    stop = true;
    await Promise.all(burst);
    assert.equal(backup.code, 0, backup.stderr);
    assert.match(backup.stdout, /verified/);
    assert.ok(
      endedAt > startedAt,
      `appeals were acknowledged during the backup (${startedAt} → ${endedAt})`,
    );

    // The live store cannot be replaced under the running server.
    const refused = await appealsCommand(`sqlite:${source}`, ["restore", backupFile]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /in use|is open/);
    assert.match(refused.stderr, new RegExp(`process ${running.child.pid}`));
    assert.match(refused.stderr, /Stop the server first/);

    const originalCsv = await staffCsv(running);
    assert.deepEqual(await downloadedFiles(running, answerFiles), answerFiles);
    running.child.kill("SIGTERM");
    await exited(running.child);

    // What the backup holds is the store as it was at one moment: every table's rows up to the
    // backup's last equal the source's, byte for byte.
    const upTo = maxRowids(backupFile);
    const fromBackup = tableHashes(backupFile, upTo);
    // The acknowledgement counts (one row per address and day, decision 0025) go on growing with
    // the burst after the backup's moment: every count the backup holds is at most the source's.
    const { [countsTable]: _grownSince, ...sameSince } = upTo;
    assert.deepEqual(tableHashes(source, sameSince), tableHashes(backupFile, sameSince));
    assert.deepEqual(countsGrownSince(backupFile, source), []);
    const appealsInBackup = upTo.appeals ?? 0;
    assert.ok(
      appealsInBackup > seeded + startedAt - 1 && appealsInBackup < seeded + acknowledged.length,
    );

    const restoredPath = join(dir, "restored", "appeals.sqlite");
    const restored = await appealsCommand(`sqlite:${restoredPath}`, ["restore", backupFile]);
    assert.equal(restored.code, 0, restored.stderr);
    assert.deepEqual(
      tableHashes(restoredPath, upTo, changedByRestore),
      tableHashes(backupFile, upTo, changedByRestore),
    );

    server = await startServer(`sqlite:${restoredPath}`);
    const restoredCsv = await staffCsv(server);
    const numbers = new Set(restoredCsv.map((line) => line.split(";")[0]));
    assert.equal(restoredCsv.length, fromBackup.appeals?.rows);
    assert.deepEqual(
      restoredCsv,
      originalCsv.filter((line) => numbers.has(line.split(";")[0])),
      "the restored server serves the backed-up appeals exactly as the original did",
    );

    // The answers' files come back byte for byte from the restored store.
    assert.equal(answerFiles.size, 2 * answeredAppeals);
    assert.deepEqual(await downloadedFiles(server, answerFiles), answerFiles);

    const fresh = await postAppeal(server.baseUrl, 1_000_000);
    assert.equal(fresh.status, 201);
    const { number } = (await fresh.json()) as { number: string };
    // Past every number the store may have given after the backup (decision 0022).
    assert.equal(
      number,
      registrationNumber(sequenceAfterRestore(appealsInBackup, defaultNumberMargin), new Date()),
    );

    console.log(
      JSON.stringify({
        seeded,
        acknowledgedDuringBurst: acknowledged.length,
        acknowledgedWhileBackingUp: endedAt - startedAt,
        backupOutput: backup.stdout.split("\n")[0],
        backup: fromBackup,
        answerFilesRestored: answerFiles.size,
        nextNumber: number,
      }),
    );
    server.child.kill("SIGTERM");
    await exited(server.child);
  });
});
