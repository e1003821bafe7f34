// The cap on acknowledgements, on both stores: one mailbox however it is written, counted per
// address and day at a cost that does not grow with the address's history (issue 26, decision 0025).
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import { sampleNewAppeal } from "../../tests/support/test-appeal.ts";
import { type TestDatabase, testDatabaseKinds } from "../../tests/support/test-databases.ts";
import { parseDatabaseUrl } from "../config.ts";
import {
  createAcknowledgementCountsRepository,
  rememberedFullKeys,
} from "../db/acknowledgement-counts-repository.ts";
import { type DataLayer, openDataLayer } from "../db/data-layer.ts";
import type { SqlExecutor } from "../db/database.ts";
import { acknowledgementLimit, storeAppeal } from "./store-appeal.ts";

const appeal = (email: string, at: Date) => sampleNewAppeal(at.toISOString(), { email });

/** The data layer with every statement of its transactions written down. */
function recording(data: DataLayer, statements: string[]): DataLayer {
  const record = (tx: SqlExecutor) => ({
    ...tx,
    all: (sql: string, params?: readonly unknown[]) => {
      statements.push(sql);
      return tx.all(sql, params as never);
    },
    run: (sql: string, params?: readonly unknown[]) => {
      statements.push(sql);
      return tx.run(sql, params as never);
    },
  });
  return {
    ...data,
    transaction: (work) => data.transaction((tx) => work({ ...tx, ...record(tx) })),
  };
}

for (const kind of testDatabaseKinds) {
  describe(`${kind.name}: the acknowledgement cap`, () => {
    let database: TestDatabase;
    let data: DataLayer;
    beforeEach(async () => {
      database = await kind.create();
      data = await openDataLayer(parseDatabaseUrl(database.url));
    });
    afterEach(async () => {
      await data?.close();
      await database?.drop();
    });

    test("one mailbox written four ways (case, Cyrillic capitals, punycode) gets 5 in all", async () => {
      const at = new Date("2026-11-25T09:00:00Z");
      const ways = [
        "иван@почта.рф",
        "ИВАН@почта.рф",
        "Иван@ПОЧТА.РФ",
        "иван@xn--80a1acny.xn--p1ai",
      ];
      const acknowledged: boolean[] = [];
      for (const email of ways) {
        for (let index = 0; index < acknowledgementLimit.perAddress; index += 1) {
          acknowledged.push((await storeAppeal(data, appeal(email, at))).acknowledged);
        }
      }
      assert.equal(acknowledged.filter(Boolean).length, acknowledgementLimit.perAddress);
      assert.equal(
        (await data.appeals.list()).length,
        ways.length * acknowledgementLimit.perAddress,
      );
    });

    test("storing an appeal reads none of the address's history", async () => {
      const at = new Date("2026-11-25T09:00:00Z");
      for (let index = 0; index < 8; index += 1)
        await storeAppeal(data, appeal("a@example.ru", at));
      const statements: string[] = [];
      await storeAppeal(recording(data, statements), appeal("A@example.ru", at));
      const readsHistory = statements.filter((sql) =>
        /\b(FROM|JOIN)\s+(appeals|deliveries)\b/i.test(sql),
      );
      assert.deepEqual(readsHistory, []);
    });

    test("past the cap, a key found full is not counted again, and the audit still says why", async () => {
      const at = new Date("2026-11-25T09:00:00Z");
      for (let index = 0; index <= acknowledgementLimit.perAddress; index += 1)
        await storeAppeal(data, appeal("c@example.ru", at));
      const statements: string[] = [];
      const receipt = await storeAppeal(recording(data, statements), appeal("C@example.ru", at));
      assert.equal(receipt.acknowledged, false);
      assert.deepEqual(
        statements.filter((sql) => /acknowledgement_counts/.test(sql)),
        [],
      );
      const history = await data.audit.of(receipt.id);
      assert.deepEqual(
        history.map((entry) => entry.action),
        ["acknowledgement-withheld"],
      );
    });

    test("a count found full in a transaction that did not commit is not remembered", async () => {
      const at = new Date("2026-11-25T09:00:00Z");
      const { perAddress } = acknowledgementLimit;
      // The five counts and the appeal that finds them full, in one transaction that fails.
      const failing: DataLayer = {
        ...data,
        transaction: (work) =>
          data.transaction(async (tx) => {
            for (let index = 0; index < perAddress; index += 1)
              await data.acknowledgementCounts.take("d@example.ru", "2026-11-25", perAddress, tx);
            const receipt = await work(tx);
            assert.equal((receipt as { acknowledged: boolean }).acknowledged, false);
            throw new Error("not committed");
          }),
      };
      await assert.rejects(storeAppeal(failing, appeal("d@example.ru", at)), /not committed/);
      assert.equal((await storeAppeal(data, appeal("d@example.ru", at))).acknowledged, true);
    });

    test("the cap is per Kirov day: the next day's first appeal is acknowledged again", async () => {
      // 23:00 and 23:30 on 25 November in Kirov (UTC+3), then 00:10 on the 26th.
      const late = new Date("2026-11-25T20:00:00Z");
      for (let index = 0; index < acknowledgementLimit.perAddress; index += 1) {
        assert.equal((await storeAppeal(data, appeal("b@example.ru", late))).acknowledged, true);
      }
      const later = new Date("2026-11-25T20:30:00Z");
      assert.equal((await storeAppeal(data, appeal("b@example.ru", later))).acknowledged, false);
      const nextDay = new Date("2026-11-25T21:10:00Z");
      assert.equal((await storeAppeal(data, appeal("B@example.ru", nextDay))).acknowledged, true);
    });
  });
}

test("the process remembers at most so many full keys, and only today's", () => {
  const counts = createAcknowledgementCountsRepository();
  for (let index = 0; index <= rememberedFullKeys; index += 1)
    counts.rememberFull(`k${index}`, "2026-11-25");
  assert.equal(counts.knownFull("k0", "2026-11-25"), false);
  assert.equal(counts.knownFull("k1", "2026-11-25"), true);
  assert.equal(counts.knownFull(`k${rememberedFullKeys}`, "2026-11-25"), true);
  assert.equal(counts.knownFull("k1", "2026-11-26"), false);
  counts.rememberFull("k1", "2026-11-26");
  assert.equal(counts.knownFull("k2", "2026-11-25"), false);
  counts.rememberFull("k3", "2026-11-24");
  assert.equal(counts.knownFull("k3", "2026-11-24"), false);
});
