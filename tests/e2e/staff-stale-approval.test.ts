// A head's decision is on the draft the page showed, on SQLite and PostgreSQL, over HTTP through
// the real server build: head A opens the page, head B returns the draft, the executor revises
// it; A's «Утвердить» (or «Вернуть») from the old page is refused with 409, and the revised draft
// still waits, unsent, the appeal unchanged. An answer's draft and a notice's alike.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { type SignedInTeam, startSignedInTeam } from "../support/signed-in-team.ts";
import { storeAppealIn } from "../support/staff-fixtures.ts";
import { hiddenFieldsOf, staffErrorIn } from "../support/staff-test-app.ts";
import { testDatabaseKinds } from "../support/test-databases.ts";

const staleDraft = /Проект изменился, пока страница была открыта\. Обновите её\./;

for (const kind of testDatabaseKinds) {
  describe(`a decision on a draft revised meanwhile on ${kind.name}`, () => {
    let team: SignedInTeam;
    before(async () => {
      team = await startSignedInTeam(kind, {
        ivan: { role: "executor" },
        galina: { role: "head" },
        boris: { role: "head" },
      });
    });
    after(() => team?.close());

    const as = (login: string) => team.as(login);
    const today = () => kirovIsoDate(new Date());
    const pageOf = async (login: string, id: string) =>
      (await as(login).get(`/staff/appeals/${id}`)).body;
    /** A registered appeal assigned to ivan (version 2). */
    async function assignedToIvan() {
      const appeal = await storeAppealIn(team.site.data, new Date(Date.now() - 60_000), {
        state: "registered",
        registered_on: today(),
      });
      await pageOf("galina", appeal.id);
      const assigned = await as("galina").post(`/staff/appeals/${appeal.id}`, {
        intent: "assign",
        version: "1",
        assignee: "ivan",
      });
      assert.equal(assigned.statusCode, 303, staffErrorIn(assigned.body));
      return appeal;
    }
    /** Posts the form named `label` of a page loaded earlier, with what it held then. */
    async function decide(login: string, id: string, page: string, label: string, more = {}) {
      await pageOf(login, id); // a fresh CSRF token; the form's fields stay the old page's
      return as(login).post(`/staff/appeals/${id}`, { ...hiddenFieldsOf(page, label), ...more });
    }

    test("an answer revised after the page was opened is not approved or returned from it", async () => {
      const appeal = await assignedToIvan();
      const draftAnswer = async (text: string) => {
        await pageOf("ivan", appeal.id);
        const sent = await as("ivan").postMultipart(`/staff/appeals/${appeal.id}/answer`, {
          version: "2",
          answer_text: text,
          intent: "answer",
        });
        assert.equal(sent.statusCode, 303, staffErrorIn(sent.body));
      };
      await draftAnswer("Первый вариант ответа");
      const galinasPage = await pageOf("galina", appeal.id);
      const returned = await decide(
        "boris",
        appeal.id,
        await pageOf("boris", appeal.id),
        "Вернуть на доработку",
        {
          review_comment: "Уточните сроки",
        },
      );
      assert.equal(returned.statusCode, 303, staffErrorIn(returned.body));
      await draftAnswer("Второй вариант ответа");

      const approved = await decide("galina", appeal.id, galinasPage, "Утвердить и отправить");
      assert.equal(approved.statusCode, 409);
      assert.match(staffErrorIn(approved.body) ?? "", staleDraft);
      const returnedStale = await decide("galina", appeal.id, galinasPage, "Вернуть на доработку", {
        review_comment: "Не то",
      });
      assert.equal(returnedStale.statusCode, 409);
      assert.match(staffErrorIn(returnedStale.body) ?? "", staleDraft);
      const answer = await team.site.data.answers.ofAppeal(appeal.id);
      assert.deepEqual(
        [answer?.state, answer?.text, answer?.reviewComment],
        ["awaiting_approval", "Второй вариант ответа", null],
      );
      const stored = await team.site.data.appeals.findInRegistry(appeal.id);
      assert.deepEqual([stored?.state, stored?.version], ["registered", 2]);
      assert.equal(await team.site.data.deliveries.statusOf(appeal.id, "appeal-answer"), undefined);

      const fresh = await pageOf("galina", appeal.id);
      const unnamed = await as("galina").post(`/staff/appeals/${appeal.id}`, {
        intent: "approve-answer",
        version: "2",
      });
      assert.equal(unnamed.statusCode, 400, "a decision without the draft's revision");
      assert.match(staffErrorIn(unnamed.body) ?? "", /Не указана редакция проекта/);
      const current = await decide("galina", appeal.id, fresh, "Утвердить и отправить");
      assert.equal(current.statusCode, 303, staffErrorIn(current.body));
      assert.equal((await team.site.data.answers.ofAppeal(appeal.id))?.state, "sent");
    });

    test("a notice revised after the page was opened is not approved or returned from it", async () => {
      const appeal = await assignedToIvan();
      const draftForward = async (to: string) => {
        await pageOf("ivan", appeal.id);
        const sent = await as("ivan").post(`/staff/appeals/${appeal.id}`, {
          intent: "forward",
          version: "2",
          forwarded_to: to,
          forwarded_on: today(),
        });
        assert.equal(sent.statusCode, 303, staffErrorIn(sent.body));
      };
      await draftForward("Прокуратура Кировской области");
      const galinasPage = await pageOf("galina", appeal.id);
      const borisPage = await pageOf("boris", appeal.id);
      const returned = await decide(
        "boris",
        appeal.id,
        borisPage,
        "Вернуть проект действия на доработку",
        { review_comment: "Не туда" },
      );
      assert.equal(returned.statusCode, 303, staffErrorIn(returned.body));
      await draftForward("Министерство сельского хозяйства Кировской области");

      const approved = await decide("galina", appeal.id, galinasPage, "Утвердить проект действия");
      assert.equal(approved.statusCode, 409);
      assert.match(staffErrorIn(approved.body) ?? "", staleDraft);
      const returnedStale = await decide(
        "galina",
        appeal.id,
        galinasPage,
        "Вернуть проект действия на доработку",
        { review_comment: "Не то" },
      );
      assert.equal(returnedStale.statusCode, 409);
      assert.match(staffErrorIn(returnedStale.body) ?? "", staleDraft);
      const draft = await team.site.data.noticeDrafts.ofAppeal(appeal.id);
      assert.deepEqual(
        [draft?.state, draft?.fields.forwarded_to, draft?.reviewComment],
        ["awaiting_approval", "Министерство сельского хозяйства Кировской области", null],
      );
      const stored = await team.site.data.appeals.findInRegistry(appeal.id);
      assert.deepEqual(
        [stored?.state, stored?.version, stored?.forwarded_to],
        ["registered", 2, null],
      );
      assert.deepEqual(await team.site.data.deliveries.ofAppeal(appeal.id, ["appeal-notice"]), []);

      const fresh = await pageOf("galina", appeal.id);
      const current = await decide("galina", appeal.id, fresh, "Утвердить проект действия");
      assert.equal(current.statusCode, 303, staffErrorIn(current.body));
      assert.equal(
        (await team.site.data.appeals.findInRegistry(appeal.id))?.forwarded_to,
        "Министерство сельского хозяйства Кировской области",
      );
    });
  });
}
