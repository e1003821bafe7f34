// The day a case is closed (decision 0064: its storage term counts from 1 January after it),
// written with the state that closes it, on both stores, however it closes: an executor's drafts
// approved by a head days later (an answer, a forward, leaving without an answer) close on the
// day the answer went out, the forward's day as typed, and the day of the approval; a head's own
// action likewise. An open case, and a change that closes nothing, have no closing day.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { storeAppealIn } from "../../../tests/support/staff-fixtures.ts";
import { type TestDatabase, testDatabaseKinds } from "../../../tests/support/test-databases.ts";
import { parseDatabaseUrl } from "../../config.ts";
import { type DataLayer, openDataLayer } from "../../db/data-layer.ts";
import { createRegistryService } from "./registry-service.ts";

const anna = { login: "anna", role: "head" } as const;
const ivan = { login: "ivan", role: "executor" } as const;
/** The executor drafts on the 20th (Kirov); the head decides on the 23rd. */
const drafted = new Date("2026-11-20T09:00:00Z");
const approved = new Date("2026-11-23T20:30:00Z");
const approvedOn = "2026-11-23";

for (const kind of testDatabaseKinds) {
  describe(`the closing day on ${kind.name}`, () => {
    let database: TestDatabase;
    let data: DataLayer;
    let clock = drafted;
    before(async () => {
      database = await kind.create();
      data = await openDataLayer(parseDatabaseUrl(database.url));
    });
    after(async () => {
      await data?.close();
      await database?.drop();
    });

    const registry = () => createRegistryService({ data, now: () => clock });
    const closedOn = async (id: string) => (await data.appeals.findInRegistry(id))?.closed_on;
    async function assignedToIvan(receivedAt: string) {
      const { id } = await storeAppealIn(data, new Date(receivedAt), {
        state: "registered",
        registered_on: "2026-11-19",
        assignee: "ivan",
      });
      return id;
    }
    async function draftedThenApproved(
      form: object,
      approval: "approve-answer" | "approve-notice",
    ) {
      clock = drafted;
      const id = await assignedToIvan("2026-11-19T09:00:00Z");
      const ok = await registry().changeAppeal(ivan, id, { version: 1, ...form } as never);
      assert.deepEqual(ok, { ok: true });
      assert.equal(await closedOn(id), null, "a draft closes nothing");
      clock = approved;
      const decision = { intent: approval, version: 1, draft_revision: 1 } as const;
      assert.deepEqual(await registry().changeAppeal(anna, id, decision), { ok: true });
      return id;
    }

    test("an answer approved by a head closes the case on the day it went out", async () => {
      const id = await draftedThenApproved(
        { intent: "answer", answer_text: "Ответ", outgoing_number: null },
        "approve-answer",
      );
      const appeal = await data.appeals.findInRegistry(id);
      assert.deepEqual(
        [appeal?.state, appeal?.answered_on, appeal?.closed_on],
        ["answered", approvedOn, approvedOn],
      );
    });

    test("a forward approved by a head closes the case on the forward's day", async () => {
      const id = await draftedThenApproved(
        { intent: "forward", forwarded_to: "Министерство", forwarded_on: "2026-11-20" },
        "approve-notice",
      );
      assert.equal(await closedOn(id), "2026-11-20");
    });

    test("leaving without an answer, approved by a head, closes the case on the approval's day", async () => {
      const id = await draftedThenApproved(
        { intent: "leave-without-answer", ground: "meaning_unclear" },
        "approve-notice",
      );
      const appeal = await data.appeals.findInRegistry(id);
      assert.deepEqual([appeal?.state, appeal?.closed_on], ["without_answer", approvedOn]);
    });

    test("a head's own actions close on their days; the rest close nothing", async () => {
      clock = approved;
      const answered = await assignedToIvan("2026-11-19T10:00:00Z");
      const ask = (id: string, form: object) =>
        registry()
          .changeAppeal(anna, id, form as never)
          .then((result) => {
            assert.deepEqual(result, { ok: true }, JSON.stringify(form));
          });
      await ask(answered, {
        intent: "answer",
        version: 1,
        answer_text: "Ответ",
        outgoing_number: null,
      });
      assert.equal(await closedOn(answered), approvedOn);

      const left = await assignedToIvan("2026-11-19T11:00:00Z");
      await ask(left, {
        intent: "extend",
        version: 1,
        extension_days: 30,
        extension_reason: "Запрос",
      });
      await ask(left, { intent: "start", version: 2 });
      assert.equal(await closedOn(left), null, "an extension and a start close nothing");
      await ask(left, { intent: "leave-without-answer", version: 3, ground: "no_name_or_address" });
      assert.equal(await closedOn(left), approvedOn);

      const forwarded = await assignedToIvan("2026-11-19T12:00:00Z");
      await ask(forwarded, {
        intent: "forward",
        version: 1,
        forwarded_to: "Прокуратура",
        forwarded_on: "2026-11-21",
      });
      assert.equal(await closedOn(forwarded), "2026-11-21");
    });
  });
}
