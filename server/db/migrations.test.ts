// Migrations run on a database an older release left: its rows carry over into the new tables.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { writeOlderRelease } from "../../tests/support/older-release.ts";
import { type TestDatabase, testDatabaseKinds } from "../../tests/support/test-databases.ts";
import { parseDatabaseUrl } from "../config.ts";
import { openDataLayer } from "./data-layer.ts";

const appealId = "5b0e7c8e-3a51-4d43-9a43-6e1c1c7f0a01";
const receivedAt = "2026-10-01T07:00:00.000Z";

// What the release before the deliveries table wrote: one appeal, its failed notification.
const olderRows = [
  `INSERT INTO appeals (id, number, created_at, first_name, last_name, email, phone,
     phone_normalized, region, comment, consent, consent_at, consent_text_version, client_ip)
   VALUES ('${appealId}', 'А-2026-000001', '${receivedAt}', 'Иван', 'Петров', 'i@example.ru',
     '8 912 345-67-89', '+79123456789', '', 'Текст', TRUE, '${receivedAt}', 'v1', '203.0.113.5')`,
  `INSERT INTO notification_outbox (appeal_id, state, attempts, created_at, next_attempt_at,
     last_attempt_at, last_error)
   VALUES ('${appealId}', 'failed', 10, '${receivedAt}', '${receivedAt}', '${receivedAt}',
     'ECONNECTION')`,
];

for (const kind of testDatabaseKinds) {
  describe(`${kind.name}: from the one-mail outbox to deliveries`, () => {
    let database: TestDatabase;
    before(async () => {
      database = await kind.create();
    });
    after(async () => {
      await database?.drop();
    });

    test("a notification the older release kept is a delivery to the handlers, with its tries", async () => {
      await writeOlderRelease(database.url, 4, olderRows);
      const data = await openDataLayer(parseDatabaseUrl(database.url));
      try {
        assert.deepEqual(await data.deliveries.statusOf(appealId, "appeal-notification"), {
          state: "failed",
          recipients: [{ group: "handlers" }],
          attempts: 10,
          lastAttemptAt: receivedAt,
          lastError: "ECONNECTION",
          nextAttemptAt: null,
          sentAt: null,
        });
        assert.equal(await data.deliveries.retry(appealId, "appeal-notification"), true);
        const [claimed] = await data.deliveries.claimDue({
          now: new Date(),
          owner: "test",
          leaseUntil: new Date(Date.now() + 60_000),
          limit: 10,
        });
        assert.deepEqual(claimed?.recipients, [{ group: "handlers" }]);
        assert.equal(claimed?.appealId, appealId);
      } finally {
        await data.close();
      }
    });
  });

  describe(`${kind.name}: the reminder's and the backups' days become scheduled job runs`, () => {
    let database: TestDatabase;
    before(async () => {
      database = await kind.create();
    });
    after(async () => {
      await database?.drop();
    });

    test("done days stay done, the last backup and a failure stay reported", async () => {
      await writeOlderRelease(database.url, 12, [
        `INSERT INTO staff_reminders (day, claimed_by, claimed_at, sent_at, appeal_count)
         VALUES ('2026-11-23', 'old', '${receivedAt}', '${receivedAt}', 4)`,
        `INSERT INTO backup_runs (day, claimed_by, claimed_at, finished_at, file, bytes)
         VALUES ('2026-11-23', 'old', '${receivedAt}', '2026-11-23T00:00:05.000Z',
           'appeals-2026-11-23.sqlite', 4096)`,
        `INSERT INTO backup_runs (day, claimed_by, claimed_at, failed_at, error)
         VALUES ('2026-11-24', 'old', '2026-11-24T00:00:00.000Z', '2026-11-24T00:00:09.000Z',
           'disk full')`,
      ]);
      const data = await openDataLayer(parseDatabaseUrl(database.url));
      try {
        const reminder = await data.jobRuns.read("daily-reminder", "2026-11-23");
        assert.equal(reminder?.finishedAt, receivedAt);
        const status = await data.backupRuns.status(new Date("2026-11-24T01:00:00Z"));
        assert.deepEqual(status.last, {
          day: "2026-11-23",
          at: "2026-11-23T00:00:05.000Z",
          file: "appeals-2026-11-23.sqlite",
          bytes: 4096,
        });
        assert.deepEqual(status.failure, {
          day: "2026-11-24",
          at: "2026-11-24T00:00:09.000Z",
          error: "disk full",
        });
      } finally {
        await data.close();
      }
    });
  });
}

// What the release before site files wrote (version 16): an answer with its file.
const answerId = "5b0e7c8e-3a51-4d43-9a43-6e1c1c7f0a02";
const fileId = "5b0e7c8e-3a51-4d43-9a43-6e1c1c7f0a03";
const answeredRows = (bytes: string) => [
  olderRows[0] ?? "",
  `INSERT INTO appeal_answers (id, appeal_id, text, staff_login, created_at, answered_on)
   VALUES ('${answerId}', '${appealId}', 'Ответ', 'anna', '${receivedAt}', '2026-10-02')`,
  `INSERT INTO attachments (id, appeal_id, owner_kind, owner_id, position, file_name, media_type,
     byte_size, sha256, content, created_at)
   VALUES ('${fileId}', '${appealId}', 'answer', '${answerId}', 0, 'letter.pdf',
     'application/pdf', 4, 'x', ${bytes}, '${receivedAt}')`,
];

for (const kind of testDatabaseKinds) {
  describe(`${kind.name}: site files join the answers' files`, () => {
    let database: TestDatabase;
    before(async () => {
      database = await kind.create();
    });
    after(async () => {
      await database?.drop();
    });

    test("an answer's file carries over; a site file is kept without an appeal", async () => {
      const bytes = kind.name === "SQLite" ? "X'25504446'" : "decode('25504446', 'hex')";
      await writeOlderRelease(database.url, 16, answeredRows(bytes));
      const data = await openDataLayer(parseDatabaseUrl(database.url));
      try {
        const kept = await data.attachments.read(appealId, fileId);
        assert.equal(kept?.fileName, "letter.pdf");
        assert.equal(kept?.content.toString("latin1"), "%PDF");
        const site = await data.transaction((tx) =>
          data.attachments.insertSiteFile(
            { fileName: "Устав.pdf", mediaType: "application/pdf", content: Buffer.from("%PDF-1") },
            new Date(),
            tx,
          ),
        );
        assert.equal((await data.attachments.readSiteFile(site.id))?.fileName, "Устав.pdf");
        assert.equal(await data.attachments.countSiteFiles(), 1);
        // A site file is not an appeal's, nor an answer's file without one.
        assert.equal(await data.attachments.read(appealId, site.id), undefined);
      } finally {
        await data.close();
      }
    });
  });
}
