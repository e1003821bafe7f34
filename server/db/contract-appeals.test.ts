// The appeals table on both stores, beyond what appeals-repository.test.ts covers (numbering,
// reopening, `list` since a moment): one appeal by id, by number and e-mail, as the registry has
// it; changes only at the version the form was made from; the registry's keyset pages, filters,
// batches and counts; the topic; the closing day a state change writes with the state.
import assert from "node:assert/strict";
import { test } from "node:test";
import { deadlineFilterRanges } from "../../domain/appeals/deadline-filter-ranges.ts";
import type { ScopedRegistryQuery } from "../../domain/staff/registry-query.ts";
import { contractSuite } from "../../tests/support/data-layer-contract.ts";
import { sampleNewAppeal } from "../../tests/support/test-appeal.ts";

const noSuchId = "00000000-0000-4000-8000-000000000000";
const today = "2026-04-20";
/** A registration day whose answer term ends in its last days on `today`. */
const dueSoonStart = deadlineFilterRanges("due-soon", today).answer.find(
  (range) => range.extensionDays === 0,
)?.from;

contractSuite(import.meta.filename, (store) => {
  const appeals = () => store.data.appeals;
  const stored: { id: string; number: string }[] = [];
  const idOf = (index: number) => stored[index]?.id ?? "";
  const listed = async (query: Omit<ScopedRegistryQuery, "after">, size = 10) =>
    (await appeals().registryPage(query, today, size)).rows.map((row) => row.id);

  test("an appeal is found by id, by its number with its e-mail in any case, and as the registry has it", async () => {
    const written = await store.data.transaction(async (tx) => [
      await appeals().insert(sampleNewAppeal("2026-03-02T08:00:00Z", { last_name: "Петров" }), tx),
      await appeals().insert(
        sampleNewAppeal("2026-03-03T08:00:00Z", {
          last_name: "Смирнова",
          email: "smirnova@example.ru",
          topic: "vacancies",
          user_agent: "Firefox",
        }),
        tx,
      ),
      await appeals().insert(sampleNewAppeal("2026-03-04T08:00:00Z", { last_name: "Петров" }), tx),
    ]);
    stored.push(...written);
    const [, second] = written;
    assert.ok(second);
    assert.deepEqual(await appeals().find(second.id), {
      ...sampleNewAppeal("2026-03-03T08:00:00Z", {
        last_name: "Смирнова",
        email: "smirnova@example.ru",
        topic: "vacancies",
        user_agent: "Firefox",
      }),
      id: second.id,
      number: second.number,
      created_at: "2026-03-03T08:00:00.000Z",
      consent_at: "2026-03-03T08:00:00.000Z",
    });
    assert.equal(await appeals().find(noSuchId), undefined);

    const byNumber = await appeals().findByNumberAndEmail(second.number, "SMIRNOVA@Example.RU");
    assert.equal(byNumber?.id, second.id);
    assert.equal(await appeals().findByNumberAndEmail(second.number, "ivan@example.ru"), undefined);
    const inRegistry = await appeals().findInRegistry(second.id);
    assert.deepEqual(
      inRegistry && {
        state: inRegistry.state,
        version: inRegistry.version,
        topic: inRegistry.topic,
        registered_on: inRegistry.registered_on,
        extension_days: inRegistry.extension_days,
        assignee: inRegistry.assignee,
        comment_start: inRegistry.comment_start,
        user_agent: inRegistry.user_agent,
      },
      {
        state: "new",
        version: 0,
        topic: "vacancies",
        registered_on: null,
        extension_days: 0,
        assignee: null,
        comment_start: "Текст",
        user_agent: "Firefox",
      },
    );
    assert.equal(await appeals().findInRegistry(noSuchId), undefined);
  });

  test("a change applies only at the version and state it was made from; a notice is recorded once", async () => {
    const { transaction } = store.data;
    const change = (index: number, version: number, state: "new" | "registered") =>
      transaction((tx) =>
        appeals().change(
          idOf(index),
          { version, state },
          state === "new"
            ? { state: "registered", registered_on: dueSoonStart ?? "", assignee: "executor" }
            : { state: "without_answer", without_answer_ground: "repeated" },
          tx,
        ),
      );
    assert.equal(await change(0, 0, "new"), true);
    assert.equal(await change(0, 0, "new"), false, "made from an older version");
    const registered = await appeals().findInRegistry(idOf(0));
    assert.deepEqual(
      [registered?.state, registered?.version, registered?.registered_on, registered?.assignee],
      ["registered", 1, dueSoonStart, "executor"],
    );
    assert.equal(
      await transaction((tx) => appeals().recordNoticeSent(idOf(0), today, tx)),
      false,
      "only an appeal left without an answer is noticed",
    );

    await transaction((tx) =>
      appeals().change(idOf(2), { version: 0, state: "new" }, { state: "registered" }, tx),
    );
    assert.equal(await change(2, 1, "registered"), true);
    assert.equal(await transaction((tx) => appeals().recordNoticeSent(idOf(2), today, tx)), true);
    assert.equal(await transaction((tx) => appeals().recordNoticeSent(idOf(2), today, tx)), false);
    const noticed = await appeals().findInRegistry(idOf(2));
    assert.deepEqual(
      [noticed?.state, noticed?.without_answer_ground, noticed?.notice_sent_on, noticed?.version],
      ["without_answer", "repeated", today, 3],
    );
  });

  test("a topic is set on an appeal, with or without a transaction; none on an unknown id", async () => {
    assert.equal(await store.data.appealTopics.setTopic(idOf(0), "prices"), true);
    assert.equal(
      await store.data.transaction((tx) => store.data.appealTopics.setTopic(idOf(2), "other", tx)),
      true,
    );
    assert.equal(await store.data.appealTopics.setTopic(noSuchId, "prices"), false);
    assert.equal((await appeals().find(idOf(0)))?.topic, "prices");
    assert.equal((await appeals().findInRegistry(idOf(2)))?.topic, "other");
  });

  test("the registry: newest first in keyset pages, with its filters and the drafts' marks", async () => {
    const first = await appeals().registryPage({}, today, 2);
    assert.deepEqual(
      first.rows.map((row) => row.id),
      [idOf(2), idOf(1)],
    );
    assert.equal(first.nextAfter, first.rows[1]?.seq);
    const rest = await appeals().registryPage({ after: first.nextAfter }, today, 2);
    assert.deepEqual(
      rest.rows.map((row) => row.id),
      [idOf(0)],
    );
    assert.equal(rest.nextAfter, undefined);
    assert.deepEqual(first.rows[1]?.drafts, { answer: null, notice: null });

    assert.deepEqual(await listed({ state: "registered" }), [idOf(0)]);
    assert.deepEqual(await listed({ assignee: "executor" }), [idOf(0)]);
    assert.deepEqual(await listed({ q: "петров" }), [idOf(2), idOf(0)], "a surname, any case");
    assert.deepEqual(await listed({ q: stored[1]?.number.toLowerCase() }), [idOf(1)]);
    assert.deepEqual(await listed({ q: "SMIRNOVA@example.ru" }), [idOf(1)]);
    assert.deepEqual(await listed({ deadline: "due-soon" }), [idOf(0)]);
    // Received in March and never registered: past its three days; 2 is noticed, so not open.
    assert.deepEqual(await listed({ deadline: "overdue" }), [idOf(1)]);

    await store.data.transaction((tx) =>
      store.data.answers.insert(
        {
          appealId: idOf(0),
          text: "Ответ",
          outgoingNumber: null,
          staffLogin: "executor",
          createdAt: new Date("2026-04-19T08:00:00Z"),
          state: "awaiting_approval",
          answeredOn: "2026-04-19",
        },
        tx,
      ),
    );
    const awaiting = await appeals().registryPage({ approval: "awaiting" }, today, 10);
    assert.deepEqual(
      awaiting.rows.map((row) => [row.id, row.drafts]),
      [[idOf(0), { answer: "awaiting_approval", notice: null }]],
    );
  });

  test("every appeal a query selects, in batches, newest first; and how many", async () => {
    const all = [];
    for await (const appeal of appeals().eachInRegistry({}, today, 2)) all.push(appeal);
    assert.deepEqual(
      all.map((appeal) => [appeal.id, appeal.drafts.answer]),
      [
        [idOf(2), null],
        [idOf(1), null],
        [idOf(0), "awaiting_approval"],
      ],
    );
    assert.equal(all[1]?.email, "smirnova@example.ru", "every field, as the CSV needs it");
    const noticed = [];
    for await (const appeal of appeals().eachInRegistry({ state: "without_answer" }, today)) {
      noticed.push(appeal.number);
    }
    assert.deepEqual(noticed, [stored[2]?.number]);
    assert.equal(await appeals().countInRegistry({}, today), 3);
    assert.equal(await appeals().countInRegistry({ approval: "awaiting" }, today), 1);
    assert.equal(await appeals().countInRegistry({ q: "Иванов" }, today), 0);
  });

  test("the closing day is written with the state that closes the case, and read back", async () => {
    const [open] = await store.data.transaction(async (tx) => [
      await appeals().insert(
        sampleNewAppeal("2026-03-05T08:00:00Z", { last_name: "Закрытова" }),
        tx,
      ),
    ]);
    const id = open?.id ?? "";
    assert.deepEqual(
      (await appeals().list({ since: new Date("2026-03-05T00:00:00Z") })).map((one) => one.id),
      [id],
      "`list` since a moment: the newest only",
    );
    const found = await appeals().findInRegistry(id);
    assert.equal(found?.closed_on, null, "an open case has no closing day");
    assert.equal(found?.storage_term, null, "no term chosen: the topic's default holds");
    const closed = await store.data.transaction((tx) =>
      appeals().change(
        id,
        { version: 0, state: "new" },
        {
          state: "forwarded",
          forwarded_to: "Орган",
          forwarded_on: "2026-03-06",
          closed_on: "2026-03-06",
        },
        tx,
      ),
    );
    assert.equal(closed, true);
    const after = await appeals().findInRegistry(id);
    assert.equal(after?.closed_on, "2026-03-06");
    assert.equal(after?.state, "forwarded");
    const batched = [];
    for await (const row of appeals().eachInRegistry({ state: "forwarded" }, today)) {
      batched.push([row.id, row.closed_on]);
    }
    assert.deepEqual(batched, [[id, "2026-03-06"]], "in the batches too");
    const byNumber = await appeals().findByNumberAndEmail(open?.number ?? "", "ivan@example.ru");
    assert.equal(byNumber?.closed_on ?? "none", "2026-03-06", "and on the citizen's status page");
  });
});
