// Issue 45's proof (decision 0064): seven years on, nothing the server runs by itself and no
// operator's command destroys a case; only an approved act of destruction does. On both stores:
// appeals received, worked on and closed on a registry clock set seven years and forty days back
// (an answer with its file, a corruption report forwarded, one still open, one with the citizen's
// file and notes left without an answer); then today a server with every daily job on at 00:00
// (so each runs at its time when the server starts: the purges of sign-in leftovers, of the
// audit's sign-in lines and of unused site uploads, the reminders, the backup), and every
// `npm run appeals -- <command>` its help names, spawned on the store. Every appeal, file, answer,
// mail, note and history line written seven years ago is still there. The link check is the one
// daily job not on: it asks the internet, and only a site with a public address runs it.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import { corruptionReportTopic } from "../../domain/appeals/appeal-topics.ts";
import type { SubmittedFile } from "../../domain/attachments/submitted-file.ts";
import type { AppealActionForm } from "../../domain/staff/appeal-action-form.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { buildApp } from "../../server/app.ts";
import { storeAppeal } from "../../server/appeals/store-appeal.ts";
import { parseDatabaseUrl } from "../../server/config.ts";
import { eventEntry } from "../../server/db/audit-repository.ts";
import { type DataLayer, openDataLayer } from "../../server/db/data-layer.ts";
import { openDatabase } from "../../server/db/open-database.ts";
import { createRegistryService } from "../../server/staff/registry/registry-service.ts";
import { sampleJpeg, samplePdf, sha256 } from "../support/appeal-files.ts";
import { appealsCommand } from "../support/appeals-command.ts";
import { addStaffUser, newAppeal } from "../support/staff-fixtures.ts";
import { staffPageHandler } from "../support/staff-test-app.ts";
import { testSite } from "../support/test-app.ts";
import {
  type TestDatabase,
  testDatabaseKinds,
  testPostgresUrl,
} from "../support/test-databases.ts";
import {
  createTestSmtpServer,
  type TestSmtpServer,
  testMailConfig,
} from "../support/test-smtp-server.ts";

const dayMs = 86_400_000;
const anna = { login: "anna", role: "head" } as const;

/** The daily jobs a server with mail and backups on must register (more may come). */
const expectedJobs = [
  "sign-in-purge",
  "unused-uploads-purge",
  "daily-reminder",
  "site-approval-digest",
  "site-review-reminder",
  "backup",
];

/** How this test runs each command `npm run appeals -- --help` names, in this order. */
const invocations = (backupFile: string): Record<string, string[][]> => ({
  backup: [["backup", backupFile]],
  restore: [["restore", backupFile]],
  "held-mail": [["held-mail", "--json"]],
  "held-editions": [["held-editions", "--json"]],
  "release-mail": [["release-mail", "--all"]],
  "cancel-mail": [["cancel-mail", "--all"]],
  "release-editions": [["release-editions", "--all"]],
  "cancel-editions": [["cancel-editions", "--all"]],
  list: [["list"], ["list", "--json"]],
});

/** Every record of the appeals, as text rows per kind: what must outlive every job and command. */
async function appealRecords(url: string): Promise<Record<string, string[]>> {
  // One connection for the six reads: opening SQLite sets its disk reserve up each time.
  const db = await openDatabase(parseDatabaseUrl(url));
  const rows = async (sql: string) => (await db.all(sql)).map((row) => JSON.stringify(row));
  try {
    return await recordsOf(rows);
  } finally {
    await db.close();
  }
}

async function recordsOf(
  rows: (sql: string) => Promise<string[]>,
): Promise<Record<string, string[]>> {
  return {
    appeals: await rows(
      "SELECT CAST(id AS TEXT) AS id, number, state, closed_on FROM appeals ORDER BY number",
    ),
    files: await rows(
      `SELECT CAST(id AS TEXT) AS id, CAST(appeal_id AS TEXT) AS appeal, owner_kind, sha256
       FROM attachments WHERE owner_kind <> 'site' ORDER BY 1`,
    ),
    answers: await rows(
      "SELECT CAST(id AS TEXT) AS id, CAST(appeal_id AS TEXT) AS appeal FROM appeal_answers",
    ),
    mails: await rows(
      `SELECT CAST(id AS TEXT) AS id, CAST(appeal_id AS TEXT) AS appeal, kind FROM deliveries
       WHERE appeal_id IS NOT NULL ORDER BY 1`,
    ),
    notes: await rows(
      "SELECT CAST(id AS TEXT) AS id, CAST(appeal_id AS TEXT) AS appeal, text FROM appeal_notes",
    ),
    history: await rows(
      `SELECT CAST(seq AS TEXT) AS seq, appeal_id, action FROM staff_audit
       WHERE appeal_id IS NOT NULL ORDER BY 1`,
    ),
  };
}

/** What of `before` is gone from `now`, per kind (nothing, when nothing was destroyed). */
function missing(before: Record<string, string[]>, now: Record<string, string[]>) {
  return Object.fromEntries(
    Object.entries(before).map(([kind, rows]) => [
      kind,
      rows.filter((row) => !now[kind]?.includes(row)),
    ]),
  );
}

const nothingMissing = {
  appeals: [],
  files: [],
  answers: [],
  mails: [],
  notes: [],
  history: [],
};

for (const kind of testDatabaseKinds) {
  describe(`seven years on, on ${kind.name}`, () => {
    let database: TestDatabase;
    let data: DataLayer | undefined;
    let smtp: TestSmtpServer;
    let dir: string;
    let written: Record<string, string[]>;
    /** The registry's clock: seven years and forty days back, then on as staff work. */
    let clock = new Date(Date.now() - (7 * 365 + 40) * dayMs);
    const ids: Record<"answered" | "corruption" | "open" | "withFiles", string> = {
      answered: "",
      corruption: "",
      open: "",
      withFiles: "",
    };
    const files: Record<string, { appealId: string; bytes: Buffer }> = {};
    const keptSchemas: string[] = [];

    before(async () => {
      database = await kind.create();
      data = await openDataLayer(parseDatabaseUrl(database.url));
      smtp = await createTestSmtpServer();
      dir = await mkdtemp(join(tmpdir(), "seven-years-on-"));
    });
    after(async () => {
      if (keptSchemas.length > 0) {
        const client = new pg.Client({ connectionString: testPostgresUrl });
        await client.connect();
        for (const schema of keptSchemas) {
          await client.query(`DROP SCHEMA ${client.escapeIdentifier(schema)} CASCADE`);
        }
        await client.end();
      }
      await data?.close();
      await smtp?.stop();
      await database?.drop();
      await rm(dir, { recursive: true, force: true });
    });

    test("seven years ago: the cases are received, worked on and closed", async () => {
      const store = data as DataLayer;
      await addStaffUser(store, anna.login, "a long enough password", {
        role: "head",
        email: "anna@example.ru",
      });
      const registry = createRegistryService({ data: store, now: () => clock });
      const act = async (id: string, form: object, sent: SubmittedFile[] = []) => {
        const appeal = await store.appeals.findInRegistry(id);
        const result = await registry.changeAppeal(
          anna,
          id,
          { version: appeal?.version, ...form } as AppealActionForm,
          sent,
        );
        assert.deepEqual(result, { ok: true }, JSON.stringify(form));
      };
      const received = async (lastName: string, topic?: string, sent: SubmittedFile[] = []) => {
        const appeal = newAppeal(clock, {
          last_name: lastName,
          email: `${lastName.toLowerCase()}@example.ru`,
          ...(topic ? { topic } : {}),
        });
        return (await storeAppeal(store, appeal, sent)).id;
      };
      const citizensFile = {
        fileName: "анализ.pdf",
        mediaType: "application/pdf",
        content: samplePdf,
      };
      const answerFile = { fileName: "ответ.jpg", mediaType: "image/jpeg", content: sampleJpeg };
      ids.answered = await received("Ответова");
      ids.corruption = await received("Сигналов", corruptionReportTopic);
      ids.open = await received("Ожидаев");
      ids.withFiles = await received("Файлова", undefined, [citizensFile]);
      // A sign-in of those days: the audit's purge must take it, and only such lines.
      await store.audit.record(eventEntry(clock, anna.login, "sign-in"));

      const receivedOn = kirovIsoDate(clock);
      for (const id of Object.values(ids)) {
        await act(id, { intent: "register", registered_on: receivedOn });
      }
      clock = new Date(clock.getTime() + dayMs);
      const workDay = kirovIsoDate(clock);
      await act(ids.answered, { intent: "start" });
      await act(
        ids.answered,
        { intent: "answer", answer_text: "Обследование пройдёт в мае.", outgoing_number: "17" },
        [answerFile],
      );
      await act(ids.corruption, {
        intent: "forward",
        forwarded_to: "Прокуратура Кировской области",
        forwarded_on: receivedOn,
      });
      await act(ids.withFiles, { intent: "note", note_text: "Позвонить автору." });
      await act(ids.withFiles, { intent: "note", note_text: "Автор не ответил." });
      await act(ids.withFiles, { intent: "leave-without-answer", ground: "meaning_unclear" });

      // Each case closed on the day what closed it says, in the same change.
      const closedOn = async (id: string) => (await store.appeals.findInRegistry(id))?.closed_on;
      assert.equal(await closedOn(ids.answered), workDay, "the answer's day");
      assert.equal(await closedOn(ids.corruption), receivedOn, "the forward's day as typed");
      assert.equal(await closedOn(ids.withFiles), workDay, "the day it was left");
      assert.equal(await closedOn(ids.open), null, "an open case is not closed");

      for (const id of Object.values(ids)) {
        for (const kept of await store.attachments.listOf({ kind: "appeal", id })) {
          files[kept.id] = { appealId: id, bytes: samplePdf };
        }
      }
      const answer = await store.answers.ofAppeal(ids.answered);
      for (const kept of await store.attachments.listOf({ kind: "answer", id: answer?.id ?? "" })) {
        files[kept.id] = { appealId: ids.answered, bytes: sampleJpeg };
      }
      assert.equal(Object.keys(files).length, 2, "the citizen's file and the answer's");

      written = await appealRecords(database.url);
      assert.equal(written.appeals?.length, 4);
      assert.equal(written.notes?.length, 2);
      assert.ok(
        (written.mails?.length ?? 0) >= 8,
        "acknowledgements, notifications, answer, notices",
      );
    });

    test("today every daily job runs at its time, and no case is destroyed", async () => {
      const store = data as DataLayer;
      const logLines: string[] = [];
      const dayBefore = kirovIsoDate(new Date());
      const app = buildApp({
        config: {
          logLevel: "info",
          rateLimit: { perMinute: 10_000, perDay: 10_000 },
          mail: testMailConfig(smtp),
          purgeTime: "00:00",
          reminderTime: "00:00",
          backup: { dir: join(dir, "backups"), keep: 2, time: "00:00" },
        },
        data: store,
        site: testSite,
        pageHandler: await staffPageHandler(),
        logStream: { write: (line) => void logLines.push(line) },
      });
      // Ready: each job's first check, at once; closed: every check is over.
      await app.ready();
      await app.close();
      const days = [dayBefore, kirovIsoDate(new Date())];

      const registered = logLines
        .map((line) => JSON.parse(line) as { msg?: string; job?: string })
        .filter((line) => line.msg === "scheduled job on (Kirov time)")
        .map((line) => String(line.job));
      for (const job of expectedJobs) assert.ok(registered.includes(job), `${job} is on`);
      for (const job of registered) {
        const runs = await Promise.all(days.map((day) => store.jobRuns.read(job, day)));
        const run = runs.find((one) => one?.finishedAt);
        assert.ok(run, `${job} ran today: ${JSON.stringify(runs)}`);
      }
      assert.deepEqual(
        (await store.audit.recent(50)).filter((line) => line.action === "sign-in"),
        [],
        "the audit's purge ran and took the old sign-in",
      );

      assert.deepEqual(missing(written, await appealRecords(database.url)), nothingMissing);
      for (const [id, file] of Object.entries(files)) {
        const kept = await store.attachments.read(file.appealId, id);
        assert.equal(sha256(kept?.content ?? Buffer.alloc(0)), sha256(file.bytes), id);
      }
    });

    test("every `npm run appeals` command runs, and no case is destroyed", async () => {
      // The operator's commands run with every server stopped (a restore requires it).
      await data?.close();
      data = undefined;
      const help = await appealsCommand(database.url, ["--help"]);
      assert.equal(help.code, 0, help.stderr);
      const named = new Set(
        [...help.stdout.matchAll(/npm run appeals -- ([a-z|-]+)/g)].flatMap((match) =>
          String(match[1]).split("|"),
        ),
      );
      const backupFile = join(dir, kind.name === "SQLite" ? "copy.sqlite" : "copy.dump");
      const planned = invocations(backupFile);
      for (const command of named) {
        assert.ok(command in planned, `«${command}»: a command this test does not run yet`);
      }
      for (const [command, runs] of Object.entries(planned)) {
        if (!named.has(command)) continue;
        for (const args of runs) {
          const ran = await appealsCommand(database.url, args);
          assert.equal(ran.code, 0, `${args.join(" ")}: ${ran.stderr}`);
          // PostgreSQL: the schema a restore replaced is kept beside it; this test's to drop.
          const kept = /The schema that was there is kept as (\S+)\.$/m.exec(ran.stdout)?.[1];
          if (kept) keptSchemas.push(kept);
        }
        const gone = missing(written, await appealRecords(database.url));
        assert.deepEqual(gone, nothingMissing, `after ${command}`);
      }

      // The command that deleted by age is gone: asked for, it says how cases are destroyed.
      for (const args of [["purge"], ["purge", "--older-than", "1"]]) {
        const refused = await appealsCommand(database.url, args);
        assert.notEqual(refused.code, 0, refused.stdout);
        assert.match(refused.stderr, /approved act of destruction.*\/staff\/archive/s);
      }
      assert.deepEqual(missing(written, await appealRecords(database.url)), nothingMissing);
    });
  });
}
