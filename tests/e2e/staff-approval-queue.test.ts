// What waits for a head, found from the registry's list, on SQLite and PostgreSQL, over HTTP
// through the real server build: each appeal whose answer or notice draft awaits approval is
// marked «На согласовании» (a returned one «На доработку»), in words; the filter «Ждут
// согласования» lists exactly those awaiting, kept in the URL and the CSV link, scoped for an
// executor to their own; a draft overtaken by a head's own action waits for nobody.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { type SignedInTeam, startSignedInTeam } from "../support/signed-in-team.ts";
import { storeAppealIn } from "../support/staff-fixtures.ts";
import {
  hiddenFieldsOf,
  readDraftMarks,
  readRegistryList,
  staffErrorIn,
} from "../support/staff-test-app.ts";
import { testDatabaseKinds } from "../support/test-databases.ts";

for (const kind of testDatabaseKinds) {
  describe(`the approval queue in the registry's list on ${kind.name}`, () => {
    let team: SignedInTeam;
    before(async () => {
      team = await startSignedInTeam(kind, {
        ivan: { role: "executor" },
        petr: { role: "executor" },
        galina: { role: "head" },
      });
    });
    after(() => team?.close());

    const today = () => kirovIsoDate(new Date());
    async function post(login: string, id: string, fields: Record<string, string>) {
      await team.as(login).get(`/staff/appeals/${id}`);
      const posted = await team.as(login).post(`/staff/appeals/${id}`, fields);
      assert.equal(posted.statusCode, 303, staffErrorIn(posted.body));
    }
    /** A registered appeal assigned to `executor` (version 2). */
    async function assignedTo(executor: string) {
      const appeal = await storeAppealIn(team.site.data, new Date(Date.now() - 60_000), {
        state: "registered",
        registered_on: today(),
      });
      await post("galina", appeal.id, { intent: "assign", version: "1", assignee: executor });
      return appeal;
    }
    async function draftAnswer(login: string, id: string) {
      await team.as(login).get(`/staff/appeals/${id}`);
      const sent = await team.as(login).postMultipart(`/staff/appeals/${id}/answer`, {
        version: "2",
        answer_text: "Проект ответа",
        intent: "answer",
      });
      assert.equal(sent.statusCode, 303, staffErrorIn(sent.body));
    }
    const listed = async (login: string, query = "") =>
      (await team.as(login).get(`/staff${query}`)).body;
    const ids = (html: string) => readRegistryList(html).rows.map((row) => row.id);

    test("marks, the filter «Ждут согласования» and its scope", async () => {
      const answerWaits = await assignedTo("ivan");
      await draftAnswer("ivan", answerWaits.id);
      const forwardWaits = await assignedTo("ivan");
      await post("ivan", forwardWaits.id, {
        intent: "forward",
        version: "2",
        forwarded_to: "Прокуратура Кировской области",
        forwarded_on: today(),
      });
      const petrsWaits = await assignedTo("petr");
      await draftAnswer("petr", petrsWaits.id);
      const returned = await assignedTo("ivan");
      await draftAnswer("ivan", returned.id);
      const page = (await team.as("galina").get(`/staff/appeals/${returned.id}`)).body;
      await post("galina", returned.id, {
        ...hiddenFieldsOf(page, "Вернуть на доработку"),
        review_comment: "Уточните сроки",
      });
      // A head extends the term herself while the executor's extension waits: it cannot be
      // approved any more, so it waits for nobody.
      const overtaken = await assignedTo("ivan");
      const extension = { intent: "extend", extension_days: "10", extension_reason: "Выезд" };
      await post("ivan", overtaken.id, { ...extension, version: "2" });
      await post("galina", overtaken.id, { ...extension, version: "2" });
      const nothing = await assignedTo("ivan");

      const all = readDraftMarks(await listed("galina"));
      assert.deepEqual(
        [answerWaits, forwardWaits, petrsWaits, returned, overtaken, nothing].map((appeal) =>
          all.get(appeal.id),
        ),
        ["На согласовании", "На согласовании", "На согласовании", "На доработку", "", ""],
      );

      const filtered = await listed("galina", "?approval=awaiting");
      assert.deepEqual(ids(filtered), [petrsWaits.id, forwardWaits.id, answerWaits.id]);
      const checkbox = /<input [^>]*name="approval"[^>]*>/.exec(filtered)?.[0] ?? "";
      assert.match(checkbox, / checked=""/, "the filter stays ticked");
      assert.match(filtered, /href="\/staff\/export\.csv\?approval=awaiting"/);
      const csv = (await team.as("galina").get("/staff/export.csv?approval=awaiting")).body;
      const lines = csv.trim().split("\r\n");
      assert.equal(lines[0]?.split(";")[4], "Согласование");
      assert.deepEqual(
        lines.slice(1).map((line) => line.split(";")[4]),
        ["На согласовании", "На согласовании", "На согласовании"],
      );

      // An executor's filter: their own appeals only, as their list.
      assert.deepEqual(ids(await listed("ivan", "?approval=awaiting")), [
        forwardWaits.id,
        answerWaits.id,
      ]);
      assert.deepEqual(ids(await listed("petr", "?approval=awaiting&state=registered")), [
        petrsWaits.id,
      ]);

      const bad = await team.as("galina").get("/staff?approval=maybe");
      assert.equal(bad.statusCode, 400);
      assert.match(staffErrorIn(bad.body) ?? "", /Неизвестный фильтр по согласованию/);
    });
  });
}
