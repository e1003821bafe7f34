// The cap on acknowledgements, on both stores: one mailbox however it is written, counted per
// address and day at a cost that does not grow with the address's history (issue 26, decision 0025).
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import { sampleNewAppeal } from "../../tests/support/test-appeal.ts";
import { type TestDatabase, testDatabaseKinds } from "../../tests/support/test-databases.ts";
import { parseDatabaseUrl } from "../config.ts";
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
