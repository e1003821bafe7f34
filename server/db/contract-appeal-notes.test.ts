// Staff's words about appeals on both stores: internal notes in order, an executor's notice
// draft (forward, extend, leave without an answer) returned and drafted again at a new revision
// and removed as it is approved only at the revision the head saw, and the heads' reply
// templates with their unique titles.
import assert from "node:assert/strict";
import { test } from "node:test";
import { contractSuite } from "../../tests/support/data-layer-contract.ts";
import { sampleNewAppeal } from "../../tests/support/test-appeal.ts";
import type { NewNoticeDraft } from "./notice-drafts-repository.ts";

const at = (minutes: number) => new Date(Date.parse("2026-04-01T09:00:00Z") + minutes * 60_000);

contractSuite(import.meta.filename, (store) => {
  let appealId = "";
  let quietId = "";

  test("notes are kept with their author and moment, oldest first, per appeal", async () => {
    const { notes, transaction } = store.data;
    [appealId, quietId] = await transaction(async (tx) => [
      (await store.data.appeals.insert(sampleNewAppeal("2026-03-20T08:00:00Z"), tx)).id,
      (await store.data.appeals.insert(sampleNewAppeal("2026-03-21T08:00:00Z"), tx)).id,
    ]);
    await transaction(async (tx) => {
      await notes.add({ appealId, staffLogin: "registrar", text: "Звонил автор", at: at(2) }, tx);
      await notes.add({ appealId, staffLogin: "executor", text: "Запросил акт", at: at(1) }, tx);
    });
    const kept = await notes.of(appealId);
    assert.deepEqual(
      kept.map((note) => ({ ...note, id: 0 })),
      [
        { id: 0, staffLogin: "registrar", text: "Звонил автор", createdAt: at(2).toISOString() },
        { id: 0, staffLogin: "executor", text: "Запросил акт", createdAt: at(1).toISOString() },
      ],
      "in the order written",
    );
    assert.ok((kept[0]?.id ?? 0) < (kept[1]?.id ?? 0));
    assert.deepEqual(await transaction((tx) => notes.of(quietId, tx)), []);
  });

  test("a notice draft: one awaits at a time, returned, drafted again, removed as approved at its revision", async () => {
    const drafts = store.data.noticeDrafts;
    const { transaction } = store.data;
    const draft: NewNoticeDraft = {
      appealId,
      intent: "forward",
      fields: { forwarded_to: "Министерство сельского хозяйства", reason: "по компетенции" },
      draftedBy: "executor",
      draftedAt: at(10),
    };
    assert.equal(await transaction((tx) => drafts.submit(draft, tx)), true);
    assert.equal(
      await transaction((tx) => drafts.submit({ ...draft, intent: "extend" }, tx)),
      false,
      "the head decides on the waiting one first",
    );
    assert.deepEqual(await drafts.ofAppeal(appealId), {
      ...draft,
      draftedAt: at(10).toISOString(),
      state: "awaiting_approval",
      reviewedBy: null,
      reviewedAt: null,
      reviewComment: null,
      revision: 1,
    });
    assert.equal(await drafts.ofAppeal(quietId), undefined);

    const review = { by: "head", at: at(11), comment: "Укажите адрес" };
    assert.equal(await transaction((tx) => drafts.returnDraft(appealId, 2, review, tx)), false);
    assert.equal(await transaction((tx) => drafts.returnDraft(appealId, 1, review, tx)), true);
    const returned = await drafts.ofAppeal(appealId);
    assert.deepEqual(
      [returned?.state, returned?.reviewedBy, returned?.reviewedAt, returned?.reviewComment],
      ["returned", "head", at(11).toISOString(), "Укажите адрес"],
    );
    assert.equal(
      await transaction((tx) => drafts.removeApproved(appealId, 1, tx)),
      false,
      "a returned draft is not approved",
    );

    const again = {
      ...draft,
      intent: "extend" as const,
      fields: { days: "30" },
      draftedAt: at(12),
    };
    assert.equal(await transaction((tx) => drafts.submit(again, tx)), true);
    const redrafted = await transaction((tx) => drafts.ofAppeal(appealId, tx));
    assert.deepEqual(
      [redrafted?.intent, redrafted?.fields, redrafted?.revision, redrafted?.reviewComment],
      ["extend", { days: "30" }, 2, null],
    );
    assert.equal(await transaction((tx) => drafts.removeApproved(appealId, 1, tx)), false);
    assert.equal(await transaction((tx) => drafts.removeApproved(appealId, 2, tx)), true);
    assert.equal(await drafts.ofAppeal(appealId), undefined);
  });

  test("reply templates: titled uniquely, listed by title, rewritten, removed", async () => {
    const templates = store.data.replyTemplates;
    const { transaction } = store.data;
    const save = (template: { id?: number; title: string; text: string }, minutes = 20) =>
      transaction((tx) => templates.save({ ...template, by: "head", at: at(minutes) }, tx));
    assert.equal(await save({ title: "Отказ", text: "Уважаемый {firstName}, …" }), true);
    assert.equal(await save({ title: "Вакансии", text: "Номер {number}: вакансии …" }), true);
    assert.equal(await save({ title: "Отказ", text: "другой" }), false, "the title is taken");
    const listed = await templates.list();
    assert.deepEqual(
      listed.map((template) => template.title),
      ["Вакансии", "Отказ"],
    );
    const [vacancies, refusal] = listed;
    assert.ok(vacancies && refusal);
    assert.deepEqual(await templates.find(vacancies.id), {
      id: vacancies.id,
      title: "Вакансии",
      text: "Номер {number}: вакансии …",
      updatedBy: "head",
      updatedAt: at(20).toISOString(),
    });

    assert.equal(await save({ id: vacancies.id, title: "Отказ", text: "x" }), false);
    assert.equal(
      await save({ id: vacancies.id, title: "Вакансии", text: "Новый текст" }, 21),
      true,
    );
    const rewritten = await transaction((tx) => templates.find(vacancies.id, tx));
    assert.deepEqual(
      [rewritten?.text, rewritten?.updatedAt],
      ["Новый текст", at(21).toISOString()],
    );
    assert.equal(
      await save({ id: vacancies.id + refusal.id + 100, title: "Нет", text: "" }),
      false,
    );

    assert.equal(await transaction((tx) => templates.remove(refusal.id, tx)), true);
    assert.equal(await transaction((tx) => templates.remove(refusal.id, tx)), false);
    assert.equal(await templates.find(refusal.id), undefined);
    assert.deepEqual(
      (await transaction((tx) => templates.list(tx))).map((template) => template.id),
      [vacancies.id],
    );
  });
});
