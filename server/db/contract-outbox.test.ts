// The outbox between two servers on one store (for SQLite: two connections to one file), and the
// deliveries a restore holds. One sender's mechanics on one data layer (leases renewed and
// released, four claims at once never sharing a row, tries and retries, the appeal and its mail
// committed together) are deliveries-repository.test.ts, on both stores; a restore's hold as the
// operator's commands use it is server/operations/restored-store-safety.test.ts.
import assert from "node:assert/strict";
import { test } from "node:test";
import { contractSuite } from "../../tests/support/data-layer-contract.ts";
import { sampleNewAppeal } from "../../tests/support/test-appeal.ts";
import type { DataLayer } from "./data-layer.ts";
import type { NewDelivery } from "./delivery-types.ts";

const t0 = Date.parse("2026-06-01T07:00:00Z");
const at = (seconds: number) => new Date(t0 + seconds * 1000);

contractSuite(import.meta.filename, (store) => {
  /** An appeal written at `seconds` with its handlers' notification, as the intake writes them. */
  const appealWithMail = (seconds: number, mail: Partial<NewDelivery> = {}) =>
    store.data.transaction(async (tx) => {
      const { id } = await store.data.appeals.insert(
        sampleNewAppeal(at(seconds).toISOString()),
        tx,
      );
      await store.data.deliveries.enqueue(
        {
          kind: "appeal-notification",
          appealId: id,
          recipients: [{ group: "handlers" }],
          at: at(seconds),
          ...mail,
        },
        tx,
      );
      return id;
    });
  const claim = (data: DataLayer, owner: string, seconds: number, leaseSeconds = 60) =>
    data.deliveries.claimDue({
      now: at(seconds),
      owner,
      leaseUntil: at(seconds + leaseSeconds),
      limit: 10,
    });

  test("two servers claim one due delivery at once: exactly one gets it, the other cannot record it", async () => {
    const other = await store.another();
    for (let round = 0; round < 5; round += 1) {
      const appealId = await appealWithMail(round);
      const [mine, theirs] = await Promise.all([
        claim(store.data, "a", round),
        claim(other, "b", round),
      ]);
      const won = [...mine, ...theirs];
      assert.equal(won.length, 1, `round ${round}: one claim, not ${won.length}`);
      const [winner, loser] = mine.length === 1 ? [store.data, other] : [other, store.data];
      const [owner, stranger] = mine.length === 1 ? ["a", "b"] : ["b", "a"];
      const id = won[0]?.id ?? "";
      assert.deepEqual([won[0]?.appealId, won[0]?.attempts], [appealId, 1]);
      assert.equal(await loser.deliveries.markSent(id, stranger, at(round + 1)), false);
      assert.equal(await winner.deliveries.markSent(id, owner, at(round + 1)), true);
      assert.equal(
        (await loser.deliveries.statusOf(appealId, "appeal-notification"))?.state,
        "sent",
      );
    }
  });

  test("a lease renewed holds against the other server; once it lapses the other takes the delivery over", async () => {
    const other = await store.another();
    const appealId = await appealWithMail(100);
    const [held] = await claim(store.data, "a", 100);
    assert.ok(held);
    const renew = (data: DataLayer, owner: string, seconds: number, until: number) =>
      data.deliveries.renewLeases([held.id], owner, { now: at(seconds), until: at(until) });
    assert.deepEqual(await claim(other, "b", 130), []);
    assert.equal(await renew(other, "b", 130, 200), 0, "only its holder renews a lease");
    assert.equal(await renew(store.data, "a", 130, 190), 1);
    assert.deepEqual(await claim(other, "b", 170), [], "past the first lease, inside the renewed");

    // Server a went silent: past its lease, b takes the delivery, and a can record nothing.
    const [taken] = await claim(other, "b", 191);
    assert.deepEqual([taken?.id, taken?.attempts], [held.id, 2]);
    assert.equal(await renew(store.data, "a", 192, 250), 0);
    const failure = { at: at(192), error: "ECONNECTION", retryAt: at(300) };
    assert.equal(await store.data.deliveries.markAttemptFailed(held.id, "a", failure), false);
    assert.equal(await other.deliveries.markAttemptFailed(held.id, "b", failure), true);
    const waiting = await store.data.deliveries.statusOf(appealId, "appeal-notification");
    assert.deepEqual(
      [waiting?.state, waiting?.attempts, waiting?.lastError, waiting?.nextAttemptAt],
      ["pending", 2, "ECONNECTION", at(300).toISOString()],
    );

    // b claims it again and stops before trying: free at once for a, the claim not a try.
    const [again] = await claim(other, "b", 300);
    assert.equal(again?.attempts, 3);
    assert.equal(await store.data.deliveries.releaseUntried([held.id], "a"), 0);
    assert.equal(await other.deliveries.releaseUntried([held.id], "b"), 1);
    const [mine] = await claim(store.data, "a", 301);
    assert.deepEqual([mine?.id, mine?.attempts], [held.id, 3]);
    assert.equal(await store.data.deliveries.markSent(held.id, "a", at(302)), true);
  });

  test("an appeal's deliveries of the kinds asked, oldest first; a failed one retried by hand", async () => {
    const appealId = await appealWithMail(400, {
      kind: "appeal-answer",
      recipients: [{ address: "ivan@example.ru" }],
      payload: { answerId: "answer-1" },
      attachments: [{ store: "attachments", id: "file-1" }],
    });
    await store.data.deliveries.enqueue({
      kind: "appeal-notice",
      appealId,
      recipients: [{ address: "ivan@example.ru" }],
      payload: { intent: "extend" },
      at: at(401),
    });
    const [answer, notice] = await claim(store.data, "a", 402);
    assert.deepEqual(answer?.attachments, [{ store: "attachments", id: "file-1" }]);
    await store.data.deliveries.markAttemptFailed(answer?.id ?? "", "a", {
      at: at(403),
      error: "EENVELOPE 550",
      retryAt: null,
    });
    await store.data.deliveries.markSent(notice?.id ?? "", "a", at(403));
    const listed = await store.data.deliveries.ofAppeal(appealId, [
      "appeal-answer",
      "appeal-notice",
    ]);
    assert.deepEqual(listed, [
      {
        id: answer?.id,
        kind: "appeal-answer",
        payload: { answerId: "answer-1" },
        state: "failed",
        attempts: 1,
        createdAt: at(400).toISOString(),
        sentAt: null,
      },
      {
        id: notice?.id,
        kind: "appeal-notice",
        payload: { intent: "extend" },
        state: "sent",
        attempts: 1,
        createdAt: at(401).toISOString(),
        sentAt: at(403).toISOString(),
      },
    ]);
    assert.deepEqual(
      await store.data.transaction((tx) =>
        store.data.deliveries.ofAppeal(appealId, ["daily-reminder"], tx),
      ),
      [],
    );
    assert.equal((await store.data.deliveries.backlog())["appeal-answer"].failed, 1);
    assert.equal(await store.data.deliveries.retry(appealId, "appeal-answer", at(404)), true);
    const [retried] = await claim(store.data, "a", 404);
    assert.deepEqual([retried?.id, retried?.attempts], [answer?.id, 1]);
    await store.data.deliveries.markSent(retried?.id ?? "", "a", at(405));
    assert.deepEqual((await store.data.deliveries.backlog())["appeal-answer"], {
      pending: 0,
      failed: 0,
      oldestPendingAt: null,
    });
  });

  test("a restore holds every pending delivery, a lease with it; released are due at once, cancelled never go", async () => {
    const holds = store.data.deliveryHolds;
    const notified = await appealWithMail(500);
    const answered = await appealWithMail(501, { kind: "appeal-answer", recipients: [] });
    const stillToAnswer = await appealWithMail(502, { kind: "appeal-answer", recipients: [] });
    await claim(store.data, "dead-server", 503, 3600);
    assert.deepEqual(await store.data.transaction((tx) => holds.holdPending(at(600), tx)), {
      "appeal-notification": 1,
      "appeal-answer": 2,
    });
    assert.deepEqual(await holds.waitingCounts(), {
      count: 3,
      byKind: { "appeal-notification": 1, "appeal-answer": 2 },
    });
    assert.deepEqual(await holds.waiting(), [
      {
        kind: "appeal-notification",
        count: 1,
        oldestWrittenAt: at(500).toISOString(),
        newestWrittenAt: at(500).toISOString(),
      },
      {
        kind: "appeal-answer",
        count: 2,
        oldestWrittenAt: at(501).toISOString(),
        newestWrittenAt: at(502).toISOString(),
      },
    ]);
    assert.deepEqual(await claim(store.data, "a", 10 * 365 * 86_400), [], "held: claimed by none");

    const { transaction } = store.data;
    const cancelled = await transaction((tx) =>
      holds.decide("cancelled", { kind: "appeal-answer", writtenBefore: at(502) }, at(700), tx),
    );
    assert.deepEqual(cancelled, { "appeal-answer": 1 });
    const gone = await store.data.deliveries.statusOf(answered, "appeal-answer");
    assert.deepEqual([gone?.state, gone?.sentAt], ["sent", null]);
    const released = await transaction((tx) => holds.decide("released", {}, at(701), tx));
    assert.deepEqual(released, { "appeal-notification": 1, "appeal-answer": 1 });
    assert.deepEqual(await transaction((tx) => holds.waiting(tx)), []);
    assert.deepEqual(await holds.waitingCounts(), { count: 0, byKind: {} });
    assert.deepEqual(
      (await claim(store.data, "a", 701)).map((delivery) => [delivery.appealId, delivery.attempts]),
      [
        [notified, 2],
        [stillToAnswer, 2],
      ],
      "due at the release, the dead server's lease dropped",
    );
  });
});
