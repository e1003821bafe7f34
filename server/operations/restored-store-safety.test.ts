// What a restore does to the restored store (decision 0022), on both stores: the numbering goes
// on past the highest number known, every pending mail is held (a lease the backup caught
// dropped), none is claimed until released, and the operator's decision by kind or age.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { registrationNumber } from "../../domain/appeals/registration-number.ts";
import { sampleNewAppeal } from "../../tests/support/test-appeal.ts";
import { type TestDatabase, testDatabaseKinds } from "../../tests/support/test-databases.ts";
import { parseDatabaseUrl } from "../config.ts";
import { type DataLayer, openDataLayer } from "../db/data-layer.ts";
import type { DeliveryKind } from "../db/deliveries-repository.ts";
import {
  secureRestoredStore,
  sequenceAfterRestore,
  sequenceOfNumber,
} from "./restored-store-safety.ts";

const t0 = new Date("2026-11-20T07:00:00Z");
const later = (ms: number) => new Date(t0.getTime() + ms);
const hour = 3_600_000;

test("the numbering after a restore: a new thousand, at least the margin past the highest", () => {
  assert.equal(sequenceAfterRestore(103, 10_000), 11_001);
  assert.equal(sequenceAfterRestore(0, 10_000), 10_001);
  assert.equal(sequenceAfterRestore(1561, 1000), 3001);
  assert.equal(sequenceOfNumber("а-2026-1561"), 1561);
  assert.equal(sequenceOfNumber("1561"), undefined);
});

for (const kind of testDatabaseKinds) {
  describe(`${kind.name}: a restored store secured`, () => {
    let database: TestDatabase;
    let data: DataLayer;
    before(async () => {
      database = await kind.create();
      data = await openDataLayer(parseDatabaseUrl(database.url));
    });
    after(async () => {
      await data?.close();
      await database?.drop();
    });

    /** An appeal written at t0 + `atMs`, with a delivery of `deliveryKind`. */
    const appealWith = (deliveryKind: DeliveryKind, atMs: number) =>
      data.transaction(async (tx) => {
        const stored = await data.appeals.insert(
          sampleNewAppeal(later(atMs).toISOString(), { email: `a${atMs}@example.ru` }),
          tx,
        );
        await data.deliveries.enqueue(
          {
            kind: deliveryKind,
            appealId: stored.id,
            recipients: [{ group: "handlers" }],
            at: later(atMs),
          },
          tx,
        );
        return stored;
      });
    const claimAt = (atMs: number) =>
      data.deliveries.claimDue({
        now: later(atMs),
        owner: "sender",
        leaseUntil: later(atMs + 60_000),
        limit: 100,
      });

    test("numbers past the last known one, mail held, one audit line", async () => {
      const first = await appealWith("appeal-notification", 0);
      await appealWith("appeal-acknowledgement", 1 * hour);
      await appealWith("appeal-notification", 2 * hour);
      const sent = await appealWith("appeal-answer", 3 * hour);
      // The answer sent before the backup; the other three caught mid-send (leased) by it.
      const claimed = await claimAt(3 * hour);
      assert.equal(claimed.length, 4);
      const answer = claimed.find((row) => row.appealId === sent.id);
      assert.ok(answer && (await data.deliveries.markSent(answer.id, "sender", later(3 * hour))));

      const report = await secureRestoredStore(data, {
        lastKnownSequence: 1561,
        margin: 1000,
        by: "test",
        backupName: "appeals-2026-11-20.sqlite",
        now: later(4 * hour),
      });
      assert.deepEqual(report, {
        highestInBackup: 4,
        lastKnownSequence: 1561,
        nextSequence: 3001,
        held: { "appeal-notification": 2, "appeal-acknowledgement": 1 },
        heldEditions: [],
      });
      const next = await appealWith("appeal-notification", 5 * hour);
      assert.equal(next.number, registrationNumber(3001, later(5 * hour)));
      assert.ok(first.number < next.number);
      const [line] = await data.audit.recent(1);
      assert.equal(line?.action, "store-restored");
      assert.equal(line?.staff_login, "test");
      assert.deepEqual(JSON.parse(line?.details ?? "null"), {
        backup: "appeals-2026-11-20.sqlite",
        highestInBackup: 4,
        lastKnown: 1561,
        margin: 1000,
        nextSequence: 3001,
        heldMail: { "appeal-notification": 2, "appeal-acknowledgement": 1 },
        heldEditions: [],
      });

      // Held: no sender takes them, not even a year on; the new appeal's mail goes.
      const due = await claimAt(5 * hour + 365 * 24 * hour);
      assert.deepEqual(
        due.map((row) => row.appealId),
        [next.id],
      );
      await data.deliveries.markSent(due[0]?.id ?? "", "sender", later(5 * hour));
      assert.deepEqual(await data.deliveryHolds.waitingCounts(), {
        count: 3,
        byKind: { "appeal-notification": 2, "appeal-acknowledgement": 1 },
      });
      const waiting = await data.deliveryHolds.waiting();
      assert.deepEqual(
        waiting.map((held) => [held.kind, held.count, held.oldestWrittenAt, held.newestWrittenAt]),
        [
          ["appeal-notification", 2, t0.toISOString(), later(2 * hour).toISOString()],
          ["appeal-acknowledgement", 1, later(hour).toISOString(), later(hour).toISOString()],
        ],
      );

      // Release the notifications written before t0 + 1 h: the first one only.
      const released = await data.transaction((tx) =>
        data.deliveryHolds.decide(
          "released",
          { kind: "appeal-notification", writtenBefore: later(hour) },
          later(6 * hour),
          tx,
        ),
      );
      assert.deepEqual(released, { "appeal-notification": 1 });
      const releasedRows = await claimAt(6 * hour);
      assert.deepEqual(
        releasedRows.map((row) => row.appealId),
        [first.id],
      );
      await data.deliveries.markSent(releasedRows[0]?.id ?? "", "sender", later(6 * hour));
      // Cancel the rest: marked sent, no time; nothing held, nothing due.
      const cancelled = await data.transaction((tx) =>
        data.deliveryHolds.decide("cancelled", {}, later(7 * hour), tx),
      );
      assert.deepEqual(cancelled, { "appeal-notification": 1, "appeal-acknowledgement": 1 });
      assert.deepEqual(await data.deliveryHolds.waitingCounts(), { count: 0, byKind: {} });
      assert.deepEqual(await claimAt(8 * hour + 365 * 24 * hour), []);
      const backlog = await data.deliveries.backlog();
      assert.equal(backlog["appeal-acknowledgement"].pending, 0);
      assert.equal(backlog["appeal-acknowledgement"].failed, 0);
    });
  });
}
