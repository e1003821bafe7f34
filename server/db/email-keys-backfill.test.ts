// Appeals stored before migration 13 get their e-mail key when the store is opened, and the
// acknowledgements they had today count towards the cap, once (issue 26, decision 0025).
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import { writeOlderRelease } from "../../tests/support/older-release.ts";
import { sampleNewAppeal } from "../../tests/support/test-appeal.ts";
import { type TestDatabase, testDatabaseKinds } from "../../tests/support/test-databases.ts";
import { storeAppeal } from "../appeals/store-appeal.ts";
import { parseDatabaseUrl } from "../config.ts";
import { openDataLayer } from "./data-layer.ts";

const now = new Date().toISOString();
const longAgo = "2026-01-15T07:00:00.000Z";

function olderAppeal(id: string, number: string, email: string, at: string): string[] {
  return [
    `INSERT INTO appeals (id, number, created_at, first_name, last_name, email, phone,
       phone_normalized, region, comment, consent, consent_at, consent_text_version, client_ip)
     VALUES ('${id}', '${number}', '${at}', 'Иван', 'Петров', '${email}', '8 912 345-67-89',
       '+79123456789', '', 'Текст', TRUE, '${at}', 'v1', '203.0.113.5')`,
    `INSERT INTO deliveries (kind, appeal_id, recipients, state, created_at, next_attempt_at)
     VALUES ('appeal-acknowledgement', '${id}', '[]', 'sent', '${at}', '${at}')`,
  ];
}

// What release 12 wrote: an appeal today from one mailbox in capitals, one long ago.
const olderRows = [
  ...olderAppeal("5b0e7c8e-3a51-4d43-9a43-6e1c1c7f0a01", "А-2026-000001", "ИВАН@Почта.РФ", now),
  ...olderAppeal(
    "5b0e7c8e-3a51-4d43-9a43-6e1c1c7f0a02",
    "А-2026-000002",
    "Anna@Example.RU",
    longAgo,
  ),
];

const appeal = (email: string) => sampleNewAppeal(new Date().toISOString(), { email });

for (const kind of testDatabaseKinds) {
  describe(`${kind.name}: e-mail keys for the appeals stored before version 13`, () => {
    let database: TestDatabase;
    beforeEach(async () => {
      database = await kind.create();
      await writeOlderRelease(database.url, 12, olderRows);
    });
    afterEach(async () => {
      await database?.drop();
    });

    test("each gets its key: the status page finds it however the address is written", async () => {
      const data = await openDataLayer(parseDatabaseUrl(database.url));
      try {
        const found = await data.appeals.findByNumberAndEmail(
          "А-2026-000001",
          "иван@xn--80a1acny.xn--p1ai",
        );
        assert.equal(found?.number, "А-2026-000001");
        const old = await data.appeals.findByNumberAndEmail("А-2026-000002", "anna@example.ru");
        assert.equal(old?.number, "А-2026-000002");
      } finally {
        await data.close();
      }
    });

    test("today's acknowledgement counts towards the cap, once however often the store opens", async () => {
      const first = await openDataLayer(parseDatabaseUrl(database.url));
      const acknowledged: boolean[] = [];
      try {
        for (let index = 0; index < 3; index += 1) {
          acknowledged.push((await storeAppeal(first, appeal("Иван@почта.рф"))).acknowledged);
        }
      } finally {
        await first.close();
      }
      const second = await openDataLayer(parseDatabaseUrl(database.url));
      try {
        for (let index = 0; index < 2; index += 1) {
          acknowledged.push((await storeAppeal(second, appeal("иван@почта.рф"))).acknowledged);
        }
      } finally {
        await second.close();
      }
      // One from before, four more, then the limit of 5.
      assert.deepEqual(acknowledged, [true, true, true, true, false]);
    });
  });
}
