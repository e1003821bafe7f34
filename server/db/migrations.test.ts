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
}
