// After a restore, no scheduled site edition whose moment passed while the store was lost is
// published by itself (issue 40, decision 0057), on both stores: the restore holds and lists
// them, the servers' check of due editions passes over them, and the operator's decision
// releases (due again) or cancels (a draft again) them, one page or all. An edition scheduled
// again afterwards, for another moment, is not held by the old hold.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type TestDatabase, testDatabaseKinds } from "../../tests/support/test-databases.ts";
import { parseDatabaseUrl } from "../config.ts";
import { type DataLayer, openDataLayer } from "../db/data-layer.ts";
import { decideHeldEditions, heldEditions } from "../db/site-edition-holds.ts";
import { secureRestoredStore } from "./restored-store-safety.ts";

const t0 = new Date("2026-11-20T07:00:00Z");
const later = (ms: number) => new Date(t0.getTime() + ms);
const hour = 3_600_000;

for (const kind of testDatabaseKinds) {
  describe(`${kind.name}: scheduled editions held by a restore`, () => {
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

    /** `page`'s draft scheduled by olga for t0 + `atMs`: its id. */
    const scheduled = (page: string, atMs: number) =>
      data.transaction(async (tx) => {
        const id = await data.siteEditions.saveDraft(
          { page, content: { text: page }, by: "olga", at: t0 },
          tx,
        );
        const edition = { id, from: "draft", publishAt: later(atMs) } as const;
        assert.ok(await data.siteEditions.schedule(edition, "olga", t0, tx));
        return id;
      });
    const duePages = async (atMs: number) =>
      (await data.siteEditions.due(later(atMs))).map((edition) => edition.page);

    test("held at the restore, passed over by the check, then released or cancelled", async () => {
      const vacancies = await scheduled("vacancies", 1 * hour);
      const prices = await scheduled("prices", 2 * hour);
      await scheduled("contacts", 10 * hour);
      assert.deepEqual(await duePages(4 * hour), ["vacancies", "prices"], "due before it");

      const report = await secureRestoredStore(data, {
        lastKnownSequence: null,
        margin: 1000,
        by: "test",
        backupName: "appeals.sqlite",
        now: later(4 * hour),
      });
      assert.deepEqual(
        report.heldEditions.map((held) => [held.id, held.page, held.publishAt, held.scheduledBy]),
        [
          [vacancies, "vacancies", later(1 * hour).toISOString(), "olga"],
          [prices, "prices", later(2 * hour).toISOString(), "olga"],
        ],
      );
      const [line] = await data.audit.recent(1);
      assert.deepEqual(JSON.parse(line?.details ?? "null").heldEditions, [
        { id: vacancies, page: "vacancies", publishAt: later(1 * hour).toISOString() },
        { id: prices, page: "prices", publishAt: later(2 * hour).toISOString() },
      ]);

      // No server publishes them, however late; the one still to come is due at its moment.
      assert.deepEqual(await duePages(5 * hour), []);
      assert.deepEqual(await duePages(24 * hour), ["contacts"]);
      assert.equal(
        (await data.siteEditions.nextScheduled())?.toISOString(),
        later(10 * hour).toISOString(),
      );

      // Released, one page: due at the next check.
      const released = await data.transaction((tx) =>
        decideHeldEditions(tx, "released", { page: "vacancies" }, later(5 * hour)),
      );
      assert.deepEqual(
        released.map((held) => held.page),
        ["vacancies"],
      );
      assert.deepEqual(await duePages(5 * hour), ["vacancies"]);
      // Cancelled, all that is left: back to a draft (the command does it in the same
      // transaction), never published.
      await data.transaction(async (tx) => {
        const cancelled = await decideHeldEditions(tx, "cancelled", {}, later(5 * hour));
        assert.deepEqual(
          cancelled.map((held) => held.page),
          ["prices"],
        );
        for (const held of cancelled) {
          assert.ok(await data.siteEditions.unschedule(held.id, "operator", later(5 * hour), tx));
        }
      });
      assert.deepEqual(await data.transaction((tx) => heldEditions(tx)), []);
      assert.equal((await data.siteEditions.find(prices))?.state, "draft");
      assert.deepEqual(await duePages(5 * hour), ["vacancies"]);

      // Scheduled again by staff for another moment: not held by the old hold.
      const again = { id: prices, from: "draft", publishAt: later(6 * hour) } as const;
      await data.transaction((tx) =>
        data.siteEditions.schedule(again, "olga", later(5 * hour), tx),
      );
      assert.deepEqual(await duePages(7 * hour), ["vacancies", "prices"]);
    });

    test("a restore holds nothing when no moment has passed", async () => {
      const report = await secureRestoredStore(data, {
        lastKnownSequence: null,
        margin: 1000,
        by: "test",
        backupName: "appeals.sqlite",
        now: later(0),
      });
      assert.deepEqual(report.heldEditions, []);
    });
  });
}
