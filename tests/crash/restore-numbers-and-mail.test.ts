// After a restore nothing is issued or sent twice (issue 26), on both stores, as an operator
// would live it: the real server takes a burst of appeals, mailing each to the handlers and the
// citizen through a real SMTP server; `npm run appeals -- backup` is taken during the burst, with
// mail pending; the burst goes on and every mail goes out; the store is lost and the backup
// restored with `npm run appeals -- restore`; a server started on it
// - sends none of the mails the backup held as pending (they went out before the loss) and says
//   in /healthz that they wait, per kind;
// - gives the next appeal a number none of the lost appeals had;
// and the operator's `held-mail` lists them, `cancel-mail` and `release-mail` decide, and what is
// released goes out, once.
// Needs the built site (npm run build).
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { parseDatabaseUrl } from "../../server/config.ts";
import { openDataLayer } from "../../server/db/data-layer.ts";
import { appealsCommand } from "../support/appeals-command.ts";
import {
  exited,
  killIfRunning,
  type ServerProcess,
  startServer,
} from "../support/server-process.ts";
import { addStaffUser } from "../support/staff-fixtures.ts";
import { StaffHttpBrowser } from "../support/staff-http.ts";
import { testDatabaseKinds } from "../support/test-databases.ts";
import { createTestSmtpServer } from "../support/test-smtp-server.ts";
import { waitUntil } from "../support/wait-until.ts";

const workers = 4;
/** How often the sender reads the outbox: MAIL_RETRY_FIRST_WAIT_MS, under 5 s. */
const senderReadsEveryMs = 100;
/** Appeals acknowledged before the backup starts, and after it ends: the latter are lost. */
const beforeBackup = 30;
const afterBackup = 30;
const handlers = "priemnaya@example.ru";
const notificationSubject = /^Новое обращение гражданина № (А-\d{4}-\d+)$/;
const staffPassword = "restore drill 2026";

/** The held-mail notice on the staff list as `login` sees it, or undefined when there is none. */
async function heldNoticeFor(server: ServerProcess, login: string): Promise<string | undefined> {
  const staff = new StaffHttpBrowser(server.baseUrl);
  await staff.signIn(login, staffPassword);
  const list = await staff.get("/staff");
  assert.equal(list.status, 200);
  return /data-testid="held-mail"[^>]*>([^<]*)</.exec(list.html)?.[1];
}

async function postAppeal(baseUrl: string, tag: string) {
  const response = await fetch(`${baseUrl}/api/users/appeals/`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({
      first_name: "Иван",
      last_name: "Учениев",
      // One address per appeal: the 5-a-day cap on acknowledgements plays no part here.
      email: `restore-${tag}@example.ru`,
      phone: "+7 912 345-67-89",
      region: "43 - Кировская область",
      comment: `Обращение ${tag} вокруг резервного копирования.`,
      consent: true,
    }),
  });
  assert.equal(response.status, 201, await response.clone().text());
  return ((await response.json()) as { number: string }).number;
}

const sequenceOf = (number: string) => Number(number.split("-")[2]);

type Health = {
  outbox: { pending: number };
  heldMail?: { count: number; byKind: Record<string, number> };
};
async function health(server: ServerProcess): Promise<Health> {
  return (await (await fetch(`${server.baseUrl}/healthz`)).json()) as Health;
}

/**
 * The store's pending deliveries per kind and its appeals, read as the server would, before it
 * starts.
 */
async function restoredStore(url: string) {
  const data = await openDataLayer(parseDatabaseUrl(url));
  try {
    const backlog = await data.deliveries.backlog();
    const pending: Record<string, number> = Object.fromEntries(
      Object.entries(backlog)
        .filter(([, entry]) => entry.pending > 0)
        .map(([kind, entry]) => [kind, entry.pending]),
    );
    return { pending, appeals: (await data.appeals.list()).length };
  } finally {
    await data.close();
  }
}

/** The loss of the PostgreSQL store: its schema and everything in it gone. */
async function dropSchemaOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const schema = (await client.query("SELECT current_schema() AS name")).rows[0].name;
    await client.query(`DROP SCHEMA ${client.escapeIdentifier(schema)} CASCADE`);
  } finally {
    await client.end();
  }
}

for (const kind of testDatabaseKinds) {
  describe(`restore: nothing issued or sent twice (${kind.name})`, () => {
    test("backup with mail pending → mail goes → restore → no number again, no mail until released", async (t) => {
      const database = await kind.create();
      const dir = await mkdtemp(join(tmpdir(), "restore-numbers-"));
      const smtp = await createTestSmtpServer();
      const mailEnv = {
        SMTP_URL: smtp.url,
        APPEALS_NOTIFY_TO: handlers,
        MAIL_FROM: "noreply@example.ru",
        // The sender reads the outbox this often: held mail that were due would go at once.
        MAIL_RETRY_FIRST_WAIT_MS: String(senderReadsEveryMs),
      };
      let server: ServerProcess | undefined;
      try {
        const setup = await openDataLayer(parseDatabaseUrl(database.url));
        await addStaffUser(setup, "head", staffPassword, { role: "head" });
        await addStaffUser(setup, "registrar", staffPassword, { role: "registrar" });
        await addStaffUser(setup, "admin", staffPassword, { role: "admin" });
        await setup.close();
        server = await startServer(database.url, mailEnv);
        const running = server;
        const acknowledged: string[] = [];
        let stop = false;
        let next = 0;
        const burst = Array.from({ length: workers }, async () => {
          while (!stop) acknowledged.push(await postAppeal(running.baseUrl, String(next++)));
        });
        await waitUntil(
          "appeals acknowledged before the backup",
          () => acknowledged.length >= beforeBackup,
          60_000,
        );
        const pendingAtBackup = (await health(running)).outbox.pending;
        const backupFile = join(dir, kind.name === "SQLite" ? "backup.sqlite" : "backup.dump");
        const backup = await appealsCommand(database.url, ["backup", backupFile]);
        const atBackupEnd = acknowledged.length;
        await waitUntil(
          "appeals acknowledged after the backup",
          () => acknowledged.length >= atBackupEnd + afterBackup,
          60_000,
        );
        stop = true;
        await Promise.all(burst);
        assert.equal(backup.code, 0, backup.stderr);
        assert.ok(pendingAtBackup > 0, "mail was pending when the backup began");

        // Every mail goes out before the loss: a notification and an acknowledgement each.
        await smtp.waitForMail(2 * acknowledged.length, 180_000);
        running.child.kill("SIGTERM");
        await exited(running.child);
        const mailedBeforeLoss = smtp.received.length;
        // The handlers' mailbox holds every number mailed: the operator's last known number.
        const mailedNumbers = smtp.received
          .filter((mail) => mail.envelopeTo.includes(handlers))
          .map((mail) => notificationSubject.exec(mail.subject ?? "")?.[1])
          .filter((number): number is string => number !== undefined);
        assert.equal(new Set(mailedNumbers).size, acknowledged.length);

        // The loss, then the restore. SQLite: a new disk, so a new file; PostgreSQL: the same
        // database, its schema gone. On PostgreSQL the operator gives the last number found in
        // the handlers' mailbox; on SQLite none, and the restore's margin alone must do.
        let restoredUrl = database.url;
        const restoreArgs = ["restore", backupFile];
        if (kind.name === "SQLite") {
          restoredUrl = `sqlite:${join(dir, "restored", "appeals.sqlite")}`;
        } else {
          await dropSchemaOf(database.url);
          const highest = mailedNumbers.toSorted((a, b) => sequenceOf(a) - sequenceOf(b)).at(-1);
          restoreArgs.push("--last-number", highest ?? "");
        }
        const restored = await appealsCommand(restoredUrl, restoreArgs);
        assert.equal(restored.code, 0, restored.stderr);
        const { pending: heldPerKind, appeals: appealsInBackup } = await restoredStore(restoredUrl);
        const held = Object.values(heldPerKind).reduce((sum, count) => sum + count, 0);
        assert.ok(held > 0, "the backup holds pending mail");

        server = await startServer(restoredUrl, mailEnv);
        // Watched for thirty of the sender's reads of the outbox: what is under test is a while.
        await sleep(30 * senderReadsEveryMs);
        const resentSilently = smtp.received.length - mailedBeforeLoss;
        const heldReported = (await health(server)).heldMail;
        const fresh = await postAppeal(server.baseUrl, "after-restore");
        const reissued = acknowledged.includes(fresh);
        const figures = {
          store: kind.name,
          acknowledged: acknowledged.length,
          acknowledgedAfterBackup: acknowledged.length - atBackupEnd,
          appealsInBackup,
          pendingInBackup: heldPerKind,
          mailedBeforeLoss,
          resentSilently,
          highestAcknowledged: acknowledged
            .toSorted((a, b) => sequenceOf(a) - sequenceOf(b))
            .at(-1),
          nextNumber: fresh,
          reissued,
          restoreOutput: restored.stdout,
        };
        t.diagnostic(JSON.stringify(figures));
        console.log(JSON.stringify(figures));

        assert.equal(resentSilently, 0, "no mail of the restored store went out unreleased");
        assert.equal(reissued, false, `${fresh} was given before the loss`);
        assert.ok(sequenceOf(fresh) > Math.max(...acknowledged.map(sequenceOf)));
        assert.match(restored.stdout, /held/i);
        assert.match(restored.stdout, new RegExp(`next appeal gets ${fresh}`));
        assert.deepEqual(heldReported, { count: held, byKind: heldPerKind });

        // The staff list tells a head and an administrator, not a registrar.
        const notice = new RegExp(
          `^Ждут решения после восстановления из резервной копии: ${held} (письмо|письма|писем)\\.`,
        );
        assert.match((await heldNoticeFor(server, "head")) ?? "", notice);
        assert.match((await heldNoticeFor(server, "admin")) ?? "", notice);
        assert.equal(await heldNoticeFor(server, "registrar"), undefined);

        // The new appeal's own mails go at once; the held ones still wait, five reads more.
        await smtp.waitForMail(mailedBeforeLoss + 2, 30_000);
        await sleep(5 * senderReadsEveryMs);
        assert.equal(smtp.received.length, mailedBeforeLoss + 2);

        // The operator's decision, with the server running: what waits, by kind and age.
        const listed = await appealsCommand(restoredUrl, ["held-mail"]);
        assert.equal(listed.code, 0, listed.stderr);
        for (const [heldKind, count] of Object.entries(heldPerKind)) {
          assert.match(listed.stdout, new RegExp(`${heldKind}\\s+${count}\\b`));
        }
        const refused = await appealsCommand(restoredUrl, ["release-mail"]);
        assert.equal(refused.code, 2, "release needs --all, --kind or --older-than");
        // The acknowledgements reached the citizens before the loss: cancelled, never sent.
        const cancelled = await appealsCommand(restoredUrl, [
          "cancel-mail",
          "--kind",
          "appeal-acknowledgement",
        ]);
        assert.equal(cancelled.code, 0, cancelled.stderr);
        const acknowledgements = heldPerKind["appeal-acknowledgement"] ?? 0;
        assert.match(cancelled.stdout, new RegExp(`Cancelled ${acknowledgements} `));
        const released = await appealsCommand(restoredUrl, ["release-mail", "--all"]);
        assert.equal(released.code, 0, released.stderr);
        const notifications = held - acknowledgements;
        await smtp.waitForMail(mailedBeforeLoss + 2 + notifications, 60_000);
        // Then until nothing is left to send: a mail sent twice, or one cancelled, is in by then.
        await waitUntil(
          "the outbox emptied",
          async () => (await health(server as ServerProcess)).outbox.pending === 0,
          30_000,
          senderReadsEveryMs,
        );
        const afterRelease = smtp.received.slice(mailedBeforeLoss + 2);
        assert.equal(afterRelease.length, notifications);
        assert.ok(afterRelease.every((mail) => mail.envelopeTo.includes(handlers)));
        assert.deepEqual((await health(server)).heldMail, { count: 0, byKind: {} });
        assert.equal(await heldNoticeFor(server, "head"), undefined);
      } finally {
        await killIfRunning(server);
        await smtp.stop();
        await database.drop();
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
}
