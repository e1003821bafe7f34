// Deliveries on both stores: written with the appeal or not at all, claimed by one sender at a
// time, freed when a lease runs out, failed after its tries, retried by hand.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { breakInserts, repairInserts } from "../../tests/support/broken-inserts.ts";
import { sampleNewAppeal } from "../../tests/support/test-appeal.ts";
import { type TestDatabase, testDatabaseKinds } from "../../tests/support/test-databases.ts";
import { parseDatabaseUrl } from "../config.ts";
import type { NewAppeal } from "./appeals-repository.ts";
import { type DataLayer, openDataLayer } from "./data-layer.ts";

/**
 * An appeal and the handlers' notification in one transaction, as the service writes them (it
 * also writes the citizen's acknowledgement, which these tests of the mechanics leave out).
 */
function appealWithNotification(data: DataLayer, appeal: NewAppeal) {
  return data.transaction(async (tx) => {
    const stored = await data.appeals.insert(appeal, tx);
    await data.deliveries.enqueue(
      {
        kind: "appeal-notification",
        appealId: stored.id,
        recipients: [{ group: "handlers" }],
        at: appeal.created_at,
      },
      tx,
    );
    return stored;
  });
}

const t0 = new Date("2026-11-20T07:00:00Z");
const later = (ms: number) => new Date(t0.getTime() + ms);

for (const kind of testDatabaseKinds) {
  describe(`${kind.name} deliveries`, () => {
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
    /** A claim at t0 + `atMs`, held until t0 + `untilMs`. */
    const claim = (owner: string, atMs: number, untilMs: number, limit = 10) =>
      data.deliveries.claimDue({ now: later(atMs), owner, leaseUntil: later(untilMs), limit });

    test("an appeal is stored with a pending notification, due at once", async () => {
      const { id } = await appealWithNotification(data, sampleNewAppeal(t0.toISOString()));
      assert.deepEqual(await data.deliveries.statusOf(id, "appeal-notification"), {
        state: "pending",
        recipients: [{ group: "handlers" }],
        attempts: 0,
        lastAttemptAt: null,
        lastError: null,
        nextAttemptAt: t0.toISOString(),
        sentAt: null,
      });
      assert.deepEqual((await data.deliveries.backlog())["appeal-notification"], {
        pending: 1,
        failed: 0,
        oldestPendingAt: t0.toISOString(),
      });
      assert.equal(
        await data.deliveries.statusOf(
          "00000000-0000-4000-8000-000000000000",
          "appeal-notification",
        ),
        undefined,
      );
    });

    test("one claim per row: a second sender gets nothing until the lease runs out", async () => {
      const first = await claim("a", 1000, 61_000);
      assert.equal(first.length, 1);
      assert.equal(first[0]?.attempts, 1);
      assert.equal(first[0]?.kind, "appeal-notification");
      assert.deepEqual(first[0]?.recipients, [{ group: "handlers" }]);
      const second = await claim("b", 2000, 62_000);
      assert.deepEqual(second, []);

      // Sender a died: after its lease b takes the row, and a can no longer record it.
      const taken = await claim("b", 61_001, 121_000);
      assert.equal(taken.length, 1);
      assert.equal(taken[0]?.attempts, 2);
      const id = taken[0]?.id ?? "";
      assert.equal(await data.deliveries.markSent(id, "a", later(61_500)), false);
      assert.equal(await data.deliveries.markSent(id, "b", later(61_600)), true);
      const status = await data.deliveries.statusOf(
        taken[0]?.appealId ?? "",
        "appeal-notification",
      );
      assert.equal(status?.state, "sent");
      assert.equal(status?.sentAt, later(61_600).toISOString());
      assert.equal(status?.nextAttemptAt, null);
      assert.deepEqual(
        await claim("c", 999_999, 1e6),
        [],
        "a sent notification is never claimed again",
      );
    });

    test("a lease renewed by its holder holds; a lapsed one is not revived; untried rows go back", async () => {
      const { id: appealId } = await appealWithNotification(
        data,
        sampleNewAppeal(later(200_000).toISOString()),
      );
      const [held] = await claim("a", 200_000, 201_000);
      assert.ok(held);
      const renew = (owner: string, atMs: number, untilMs: number) =>
        data.deliveries.renewLeases([held.id], owner, { now: later(atMs), until: later(untilMs) });
      assert.equal(await renew("b", 200_500, 260_000), 0, "only its holder renews a lease");
      assert.equal(await renew("a", 200_500, 202_000), 1);
      // Past the first lease's end but inside the renewed one: still a's.
      assert.deepEqual(await claim("b", 201_500, 262_000), []);
      // a stopped renewing; once its lease ran out it cannot take the row back.
      assert.equal(await renew("a", 202_001, 263_000), 0);
      const [taken] = await claim("b", 202_001, 203_000);
      assert.equal(taken?.id, held.id);
      assert.equal(taken?.attempts, 2);
      // b stops before trying it: the row is free at once, and b's claim is not a try.
      assert.equal(await data.deliveries.releaseUntried([held.id], "a"), 0);
      assert.equal(await data.deliveries.releaseUntried([held.id], "b"), 1);
      const [again] = await claim("c", 202_002, 203_000);
      assert.equal(again?.id, held.id);
      assert.equal(again?.attempts, 2);
      assert.equal(await data.deliveries.markSent(held.id, "c", later(202_100)), true);
      assert.equal(
        (await data.deliveries.statusOf(appealId, "appeal-notification"))?.state,
        "sent",
      );
    });

    test("concurrent claims of many rows never share a row", async () => {
      const ids = [];
      for (let index = 0; index < 20; index += 1) {
        ids.push((await appealWithNotification(data, sampleNewAppeal(t0.toISOString()))).id);
      }
      const claims = await Promise.all(
        ["p", "q", "r", "s"].map((owner) => claim(owner, 5000, 65_000, 7)),
      );
      const claimedIds = claims.flat().map((claimed) => claimed.appealId);
      assert.equal(claimedIds.length, 20);
      assert.deepEqual(new Set(claimedIds), new Set(ids));
      for (const [index, claim] of claims.entries()) {
        for (const claimed of claim) {
          await data.deliveries.markSent(
            claimed.id,
            ["p", "q", "r", "s"][index] ?? "",
            later(6000),
          );
        }
      }
      assert.equal((await data.deliveries.backlog())["appeal-notification"].pending, 0);
    });

    test("a failed try waits until its retry time; without one the notification is failed", async () => {
      const { id } = await appealWithNotification(data, sampleNewAppeal(t0.toISOString()));
      const [claimed] = await claim("a", 10_000, 70_000);
      assert.ok(claimed);
      await data.deliveries.markAttemptFailed(claimed.id, "a", {
        at: later(10_100),
        error: "ECONNECTION",
        retryAt: later(40_000),
      });
      const waiting = await data.deliveries.statusOf(id, "appeal-notification");
      assert.equal(waiting?.state, "pending");
      assert.equal(waiting?.lastError, "ECONNECTION");
      assert.equal(waiting?.nextAttemptAt, later(40_000).toISOString());
      assert.deepEqual(await claim("a", 39_999, 99_999), []);
      const [again] = await claim("a", 40_000, 100_000);
      assert.equal(again?.attempts, 2);
      await data.deliveries.markAttemptFailed(again?.id ?? "", "a", {
        at: later(40_100),
        error: "EENVELOPE 550",
        retryAt: null,
      });
      assert.equal((await data.deliveries.statusOf(id, "appeal-notification"))?.state, "failed");
      assert.deepEqual((await data.deliveries.backlog())["appeal-notification"], {
        pending: 0,
        failed: 1,
        oldestPendingAt: null,
      });
      assert.deepEqual(await claim("a", 1e9, 2e9), [], "a failed notification waits for a person");

      // The staff area's retry: pending again, due at once, tries counted afresh.
      assert.equal(await data.deliveries.retry(id, "appeal-notification", later(50_000)), true);
      assert.equal(
        await data.deliveries.retry(id, "appeal-notification", later(50_000)),
        false,
        "already pending",
      );
      const retried = await data.deliveries.statusOf(id, "appeal-notification");
      assert.equal(retried?.state, "pending");
      assert.equal(retried?.attempts, 0);
      assert.equal(retried?.nextAttemptAt, later(50_000).toISOString());
      const [third] = await claim("a", 50_000, 110_000);
      assert.equal(third?.attempts, 1);
      await data.deliveries.markSent(third?.id ?? "", "a", later(50_100));
      assert.equal(
        await data.deliveries.retry(id, "appeal-notification"),
        false,
        "a sent one is not retried",
      );
    });

    test("the appeal and its notification are committed together or not at all", async () => {
      const before = (await data.appeals.list()).length;
      await breakInserts(database.url, "deliveries");
      try {
        await assert.rejects(
          appealWithNotification(data, sampleNewAppeal(t0.toISOString())),
          /deliveries down/,
        );
      } finally {
        await repairInserts(database.url, "deliveries");
      }
      assert.equal(
        (await data.appeals.list()).length,
        before,
        "no appeal without its notification",
      );
      const { id } = await appealWithNotification(data, sampleNewAppeal(t0.toISOString()));
      assert.equal((await data.deliveries.statusOf(id, "appeal-notification"))?.state, "pending");
    });

    test("any kind, to any recipients, several per appeal; the backlog is counted per kind", async () => {
      const pendingBefore = (await data.deliveries.backlog())["appeal-notification"].pending;
      const { id } = await appealWithNotification(data, sampleNewAppeal(t0.toISOString()));
      await data.transaction(async (tx) => {
        await data.deliveries.enqueue(
          {
            kind: "daily-reminder",
            recipients: [{ address: "a@example.ru" }, { group: "handlers" }],
            payload: { day: "2026-11-20", count: 3 },
            at: later(200_000),
          },
          tx,
        );
        await data.deliveries.enqueue(
          {
            kind: "appeal-notification",
            appealId: id,
            recipients: [{ address: "b@example.ru" }],
            at: later(200_000),
          },
          tx,
        );
      });
      const backlog = await data.deliveries.backlog();
      assert.equal(backlog["daily-reminder"].pending, 1);
      assert.equal(backlog["daily-reminder"].oldestPendingAt, later(200_000).toISOString());
      assert.equal(backlog["appeal-notification"].pending, pendingBefore + 2);

      const claimed = await claim("z", 200_000, 260_000, 100);
      const reminder = claimed.find((delivery) => delivery.kind === "daily-reminder");
      assert.deepEqual(reminder && { ...reminder, id: "" }, {
        id: "",
        kind: "daily-reminder",
        appealId: null,
        recipients: [{ address: "a@example.ru" }, { group: "handlers" }],
        payload: { day: "2026-11-20", count: 3 },
        attachments: [],
        attempts: 1,
      });
      const aboutTheAppeal = claimed.filter((delivery) => delivery.appealId === id);
      assert.equal(aboutTheAppeal.length, 2, "two mails about one appeal");
      for (const delivery of claimed)
        await data.deliveries.markSent(delivery.id, "z", later(200_100));
      // The latest of a kind is the one the staff area shows.
      assert.equal((await data.deliveries.statusOf(id, "appeal-notification"))?.state, "sent");
    });
  });
}
