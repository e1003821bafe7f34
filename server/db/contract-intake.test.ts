// A citizen's appeal stored with its mails on both stores (server/db/appeal-intake.ts: one
// transaction on SQLite, one statement on PostgreSQL), the acknowledgements' daily count, and the
// statistics page's figures read from what was stored. The cap's finer points (one mailbox
// written four ways, a count found full in a rolled-back transaction, the next Kirov day, two
// servers at once) are server/appeals/store-appeal.test.ts, on both stores; the statistics'
// per-day counts against the rows of 3,000 appeals are statistics-repository.test.ts.
import assert from "node:assert/strict";
import { test } from "node:test";
import { withheldAcknowledgement } from "../../domain/appeals/acknowledgement-cap.ts";
import { emailKey } from "../../domain/appeals/email-key.ts";
import { monthsOf } from "../../domain/staff/statistics-period.ts";
import { samplePdf } from "../../tests/support/appeal-files.ts";
import { contractSuite } from "../../tests/support/data-layer-contract.ts";
import { sampleNewAppeal } from "../../tests/support/test-appeal.ts";
import { spanOf } from "../staff/statistics/statistics-service.ts";
import type { AppealIntake } from "./appeal-intake.ts";

const email = "ivan@example.ru";
const key = emailKey(email);
const day = "2026-03-02";

function intake(at: string, overrides: Partial<AppealIntake> = {}, region = ""): AppealIntake {
  return {
    appeal: sampleNewAppeal(at, { region }),
    notification: { kind: "appeal-notification", recipients: [{ group: "handlers" }] },
    acknowledgement: { kind: "appeal-acknowledgement", recipients: [{ address: email }] },
    emailKey: key,
    count: { day, limit: 2 },
    ...overrides,
  };
}

/** The counts of rows summed by `key` (the page sums them so too: a figure may come in parts). */
function totals<T extends { count: number }>(rows: T[], key: (row: T) => unknown) {
  const sums: Record<string, number> = {};
  for (const row of rows) sums[String(key(row))] = (sums[String(key(row))] ?? 0) + row.count;
  return sums;
}

contractSuite(import.meta.filename, (store) => {
  const ids: string[] = [];
  const mailsOf = async (id: string) =>
    (
      await store.data.deliveries.ofAppeal(id, ["appeal-notification", "appeal-acknowledgement"])
    ).map((delivery) => `${delivery.kind} ${delivery.state}`);

  test("an appeal is stored with its notification and its acknowledgement while the day's count has room", async () => {
    const first = await store.data.appealIntake.store(
      intake("2026-03-02T08:00:00Z", {}, "43 - Кировская область"),
    );
    ids.push(first.id);
    assert.equal(first.acknowledged, true);
    assert.match(first.number, /^А-2026-\d{6}$/);
    assert.equal((await store.data.appeals.find(first.id))?.region, "43 - Кировская область");
    assert.deepEqual(await mailsOf(first.id), [
      "appeal-notification pending",
      "appeal-acknowledgement pending",
    ]);
    assert.deepEqual(await store.data.audit.of(first.id), []);
  });

  test("past the count the acknowledgement is withheld and the appeal says so; known full, nothing is counted", async () => {
    const files = [{ fileName: "акт.pdf", mediaType: "application/pdf", content: samplePdf }];
    const second = await store.data.appealIntake.store(intake("2026-03-02T09:00:00Z", { files }));
    const third = await store.data.appealIntake.store(intake("2026-03-02T10:00:00Z"));
    const known = await store.data.appealIntake.store(
      intake("2026-03-02T11:00:00Z", { count: undefined }),
    );
    ids.push(second.id, third.id, known.id);
    assert.deepEqual(
      [second.acknowledged, third.acknowledged, known.acknowledged],
      [true, false, false],
    );
    assert.ok(third.number > second.number && known.number > third.number);
    assert.deepEqual(
      (await store.data.attachments.listOf({ kind: "appeal", id: second.id })).map(
        (file) => file.fileName,
      ),
      ["акт.pdf"],
    );
    assert.deepEqual(await mailsOf(third.id), ["appeal-notification pending"]);
    const [withheld] = await store.data.audit.of(third.id);
    assert.deepEqual(withheld && [withheld.at, withheld.action, withheld.details], [
      "2026-03-02T10:00:00.000Z",
      withheldAcknowledgement.action,
      withheldAcknowledgement.details,
    ]);
    assert.equal((await store.data.audit.of(known.id))[0]?.action, withheldAcknowledgement.action);
  });

  test("the daily count: taken while there is room, the days before swept, a full key remembered", async () => {
    const counts = store.data.acknowledgementCounts;
    const take = (which: string, on: string, limit: number) =>
      store.data.transaction((tx) => counts.take(which, on, limit, tx));
    assert.equal(await take(key, day, 2), false, "the intake's count, full on either store");
    assert.deepEqual(
      [
        await take("other", "2026-03-03", 2),
        await take("other", "2026-03-03", 2),
        await take("other", "2026-03-03", 2),
      ],
      [true, true, false],
    );
    await store.data.transaction((tx) => counts.sweepBefore("2026-03-04", tx));
    assert.equal(await take("other", "2026-03-03", 2), true, "counted afresh once swept");

    assert.equal(counts.knownFull(key, "2026-03-05"), false);
    counts.rememberFull(key, "2026-03-05");
    counts.rememberFull("older", "2026-03-04");
    assert.equal(counts.knownFull(key, "2026-03-05"), true);
    assert.equal(counts.knownFull("older", "2026-03-04"), false, "a day before is of no use");
    assert.equal(counts.knownFull(key, "2026-03-06"), false);
  });

  test("the statistics page's figures: by state, region and topic, answer days, late answers, overdue", async () => {
    const [newOne, answered, registered] = ids;
    assert.ok(newOne && answered && registered);
    await store.data.transaction(async (tx) => {
      const { appeals } = store.data;
      await appeals.change(
        answered,
        { version: 0, state: "new" },
        {
          state: "answered",
          registered_on: "2026-03-03",
          answered_on: "2026-04-20",
        },
        tx,
      );
      await appeals.change(
        registered,
        { version: 0, state: "new" },
        {
          state: "registered",
          registered_on: "2026-03-04",
        },
        tx,
      );
      await store.data.appealTopics.setTopic(answered, "vacancies", tx);
    });
    const span = spanOf("2026-03-01", "2026-04-30", monthsOf("2026-03-01", "2026-04-30"));
    const counts = await store.data.statistics.counts(span, "2026-04-20");
    const stateOf = (row: (typeof counts.states)[number]) =>
      `${row.bucket} ${row.state} ${row.ground}`;
    assert.deepEqual(totals(counts.states, stateOf), {
      "0 answered null": 1,
      "0 new null": 2,
      "0 registered null": 1,
    });
    assert.deepEqual(
      totals(counts.regions, (row) => row.region),
      {
        "43 - Кировская область": 1,
        "": 3,
      },
    );
    assert.deepEqual(
      totals(counts.topics, (row) => row.topic),
      { vacancies: 1, null: 3 },
    );
    assert.deepEqual(counts.answerDays, [{ days: 48, count: 1 }]);
    assert.deepEqual(counts.lateCandidates, [
      {
        bucket: 0,
        registeredOn: "2026-03-03",
        extensionDays: 0,
        answeredOn: "2026-04-20",
        count: 1,
      },
    ]);
    assert.deepEqual(
      totals(counts.overdueByState, (row) => row.state),
      { new: 2, registered: 1 },
    );
    // The parts, each on its own (the page reads them together through `counts`).
    const { statistics } = store.data;
    assert.deepEqual(
      totals((await statistics.breakdowns(span)).states, stateOf),
      totals(counts.states, stateOf),
    );
    assert.deepEqual(await statistics.answerDays(span), counts.answerDays);
    assert.deepEqual(
      (await statistics.lateCandidates(span, { byBucket: true })).map((row) => row.bucket),
      [0],
    );
    assert.deepEqual(
      await statistics.overdueByState(span, "2026-03-03"),
      [],
      "nothing overdue the day after",
    );
  });
});
