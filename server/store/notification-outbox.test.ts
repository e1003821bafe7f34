// The outbox on both stores: written with the appeal or not at all, claimed by one sender at a
// time, freed when a lease runs out, failed after its tries, retried by hand.
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import { parseDatabaseUrl } from "../config.ts";
import type { AppealStore } from "./appeal-store.ts";
import { openStore } from "./open-store.ts";
import { sampleNewAppeal } from "./test-appeal.ts";
import { type TestDatabase, testDatabaseKinds } from "./test-databases.ts";

const t0 = new Date("2026-11-20T07:00:00Z");
const later = (ms: number) => new Date(t0.getTime() + ms);

for (const kind of testDatabaseKinds) {
  describe(`${kind.name} notification outbox`, () => {
    let database: TestDatabase;
    let store: AppealStore;
    before(async () => {
      database = await kind.create();
      store = await openStore(parseDatabaseUrl(database.url));
    });
    after(async () => {
      await store?.close();
      await database?.drop();
    });
    /** A claim at t0 + `atMs`, held until t0 + `untilMs`. */
    const claim = (owner: string, atMs: number, untilMs: number, limit = 10) =>
      store.outbox.claimDue({ now: later(atMs), owner, leaseUntil: later(untilMs), limit });

    test("an appeal is stored with a pending notification, due at once", async () => {
      const { id } = await store.insertAppeal(sampleNewAppeal(t0.toISOString()));
      assert.deepEqual(await store.outbox.notificationStatus(id), {
        state: "pending",
        attempts: 0,
        lastAttemptAt: null,
        lastError: null,
        nextAttemptAt: t0.toISOString(),
        sentAt: null,
      });
      assert.deepEqual(await store.outbox.backlog(), {
        pending: 1,
        failed: 0,
        oldestPendingAt: t0.toISOString(),
      });
      assert.equal(
        await store.outbox.notificationStatus("00000000-0000-4000-8000-000000000000"),
        undefined,
      );
    });

    test("one claim per row: a second sender gets nothing until the lease runs out", async () => {
      const first = await claim("a", 1000, 61_000);
      assert.equal(first.length, 1);
      assert.equal(first[0]?.attempts, 1);
      assert.equal(first[0]?.appeal.last_name, "Петров");
      const second = await claim("b", 2000, 62_000);
      assert.deepEqual(second, []);

      // Sender a died: after its lease b takes the row, and a can no longer record it.
      const taken = await claim("b", 61_001, 121_000);
      assert.equal(taken.length, 1);
      assert.equal(taken[0]?.attempts, 2);
      const id = taken[0]?.id ?? "";
      assert.equal(await store.outbox.markSent(id, "a", later(61_500)), false);
      assert.equal(await store.outbox.markSent(id, "b", later(61_600)), true);
      const status = await store.outbox.notificationStatus(taken[0]?.appeal.id ?? "");
      assert.equal(status?.state, "sent");
      assert.equal(status?.sentAt, later(61_600).toISOString());
      assert.equal(status?.nextAttemptAt, null);
      assert.deepEqual(
        await claim("c", 999_999, 1e6),
        [],
        "a sent notification is never claimed again",
      );
    });

    test("concurrent claims of many rows never share a row", async () => {
      const ids = [];
      for (let index = 0; index < 20; index += 1) {
        ids.push((await store.insertAppeal(sampleNewAppeal(t0.toISOString()))).id);
      }
      const claims = await Promise.all(
        ["p", "q", "r", "s"].map((owner) => claim(owner, 5000, 65_000, 7)),
      );
      const claimedIds = claims.flat().map((claimed) => claimed.appeal.id);
      assert.equal(claimedIds.length, 20);
      assert.deepEqual(new Set(claimedIds), new Set(ids));
      for (const [index, claim] of claims.entries()) {
        for (const claimed of claim) {
          await store.outbox.markSent(claimed.id, ["p", "q", "r", "s"][index] ?? "", later(6000));
        }
      }
      assert.equal((await store.outbox.backlog()).pending, 0);
    });

    test("a failed try waits until its retry time; without one the notification is failed", async () => {
      const { id } = await store.insertAppeal(sampleNewAppeal(t0.toISOString()));
      const [claimed] = await claim("a", 10_000, 70_000);
      assert.ok(claimed);
      await store.outbox.markAttemptFailed(claimed.id, "a", {
        at: later(10_100),
        error: "ECONNECTION",
        retryAt: later(40_000),
      });
      const waiting = await store.outbox.notificationStatus(id);
      assert.equal(waiting?.state, "pending");
      assert.equal(waiting?.lastError, "ECONNECTION");
      assert.equal(waiting?.nextAttemptAt, later(40_000).toISOString());
      assert.deepEqual(await claim("a", 39_999, 99_999), []);
      const [again] = await claim("a", 40_000, 100_000);
      assert.equal(again?.attempts, 2);
      await store.outbox.markAttemptFailed(again?.id ?? "", "a", {
        at: later(40_100),
        error: "EENVELOPE 550",
        retryAt: null,
      });
      assert.equal((await store.outbox.notificationStatus(id))?.state, "failed");
      assert.deepEqual(await store.outbox.backlog(), {
        pending: 0,
        failed: 1,
        oldestPendingAt: null,
      });
      assert.deepEqual(await claim("a", 1e9, 2e9), [], "a failed notification waits for a person");

      // The staff area's retry: pending again, due at once, tries counted afresh.
      assert.equal(await store.outbox.retryNotification(id, later(50_000)), true);
      assert.equal(
        await store.outbox.retryNotification(id, later(50_000)),
        false,
        "already pending",
      );
      const retried = await store.outbox.notificationStatus(id);
      assert.equal(retried?.state, "pending");
      assert.equal(retried?.attempts, 0);
      assert.equal(retried?.nextAttemptAt, later(50_000).toISOString());
      const [third] = await claim("a", 50_000, 110_000);
      assert.equal(third?.attempts, 1);
      await store.outbox.markSent(third?.id ?? "", "a", later(50_100));
      assert.equal(await store.outbox.retryNotification(id), false, "a sent one is not retried");
    });

    test("the appeal and its notification are committed together or not at all", async () => {
      const before = (await store.listAppeals()).length;
      await breakOutboxInserts(database.url);
      try {
        await assert.rejects(store.insertAppeal(sampleNewAppeal(t0.toISOString())), /outbox down/);
      } finally {
        await repairOutboxInserts(database.url);
      }
      assert.equal(
        (await store.listAppeals()).length,
        before,
        "no appeal without its notification",
      );
      const { id } = await store.insertAppeal(sampleNewAppeal(t0.toISOString()));
      assert.equal((await store.outbox.notificationStatus(id))?.state, "pending");
    });
  });
}

// A trigger that refuses every outbox row: the appeal written before it must be rolled back.
async function breakOutboxInserts(url: string) {
  const config = parseDatabaseUrl(url);
  if (config.kind === "sqlite") {
    const db = new DatabaseSync(config.path);
    db.exec(`CREATE TRIGGER outbox_down BEFORE INSERT ON notification_outbox
      BEGIN SELECT RAISE(ABORT, 'outbox down'); END`);
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: config.url });
  await client.connect();
  await client.query(`
    CREATE FUNCTION outbox_down() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'outbox down'; END $$;
    CREATE TRIGGER outbox_down BEFORE INSERT ON notification_outbox
      FOR EACH ROW EXECUTE FUNCTION outbox_down();`);
  await client.end();
}

async function repairOutboxInserts(url: string) {
  const config = parseDatabaseUrl(url);
  if (config.kind === "sqlite") {
    const db = new DatabaseSync(config.path);
    db.exec("DROP TRIGGER outbox_down");
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: config.url });
  await client.connect();
  await client.query(
    "DROP TRIGGER outbox_down ON notification_outbox; DROP FUNCTION outbox_down()",
  );
  await client.end();
}
