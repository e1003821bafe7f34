// An executor's forward, extension or leaving without an answer, on SQLite and PostgreSQL, over
// HTTP through the real server build: with ANSWER_APPROVAL on it is a draft that changes nothing
// and mails nothing until a head approves it (an executor may not), an approval made from an
// outdated page is refused (409), an appeal not assigned to the executor is 404 as ever; with
// ANSWER_APPROVAL off it applies at once; a registrar's forward still goes out directly.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { addStaffUser, storeAppealIn } from "../support/staff-fixtures.ts";
import {
  readAppealPage,
  StaffClient,
  staffErrorIn,
  staffPageHandler,
  textOf,
} from "../support/staff-test-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../support/test-databases.ts";

const password = "correct horse battery";

for (const kind of testDatabaseKinds) {
  describe(`notices drafted by an executor on ${kind.name}`, () => {
    let database: TestDatabase;
    let site: TestApp;
    const clients = new Map<string, StaffClient>();
    before(async () => {
      database = await kind.create();
      site = await startTestApp({
        databaseUrl: database.url,
        pageHandler: await staffPageHandler(),
      });
      await addStaffUser(site.data, "rita", password, { role: "registrar" });
      await addStaffUser(site.data, "ivan", password, { role: "executor" });
      await addStaffUser(site.data, "petr", password, { role: "executor" });
      await addStaffUser(site.data, "galina", password, { role: "head" });
      for (const login of ["rita", "ivan", "petr", "galina"]) {
        const client = new StaffClient(site.app);
        assert.equal((await client.signIn(login, password)).statusCode, 302, login);
        clients.set(login, client);
      }
    });
    after(async () => {
      await site?.close();
      await database?.drop();
    });

    const today = () => kirovIsoDate(new Date());
    /** A registered appeal assigned to `executor` (version 2). */
    async function assignedTo(executor: string) {
      const appeal = await storeAppealIn(site.data, new Date(Date.now() - 60_000), {
        state: "registered",
        registered_on: today(),
      });
      await act(site, "galina", appeal.id, { intent: "assign", version: "1", assignee: executor });
      return appeal;
    }
    async function act(
      on: TestApp,
      login: string,
      id: string,
      fields: Record<string, string>,
      client = clients.get(login),
    ) {
      assert.ok(client && client.app === on.app, login);
      await client.get(`/staff/appeals/${id}`);
      return client.post(`/staff/appeals/${id}`, fields);
    }
    const forward = (version: number) => ({
      intent: "forward",
      version: String(version),
      forwarded_to: "Министерство сельского хозяйства Кировской области",
      forwarded_on: today(),
    });
    const draftHeading = (html: string) =>
      textOf(/<h3 id="notice-draft-title">([\s\S]*?)<\/h3>/.exec(html)?.[1] ?? "");
    const notices = (id: string) => site.data.deliveries.ofAppeal(id, ["appeal-notice"]);

    test("the draft changes nothing and mails nothing; an executor may not approve it", async () => {
      const appeal = await assignedTo("ivan");
      const drafted = await act(site, "ivan", appeal.id, forward(2));
      assert.equal(drafted.statusCode, 303, staffErrorIn(drafted.body));
      const stored = await site.data.appeals.findInRegistry(appeal.id);
      assert.deepEqual(
        [stored?.state, stored?.version, stored?.forwarded_to],
        ["registered", 2, null],
      );
      assert.deepEqual(await notices(appeal.id), []);
      const page = (await clients.get("ivan")?.get(`/staff/appeals/${appeal.id}`))?.body ?? "";
      assert.equal(draftHeading(page), "Перенаправление обращения: на согласовании");
      assert.equal(readAppealPage(page).audit.at(-1)?.action, "Проект действия на согласование");

      const again = await act(site, "ivan", appeal.id, forward(2));
      assert.equal(again.statusCode, 409, "one draft waits at a time");
      const approve = await act(site, "ivan", appeal.id, {
        intent: "approve-notice",
        version: "2",
        draft_revision: "1",
      });
      assert.equal(approve.statusCode, 403, "an executor does not approve");
      assert.equal((await site.data.noticeDrafts.ofAppeal(appeal.id))?.state, "awaiting_approval");

      const approved = await act(site, "galina", appeal.id, {
        intent: "approve-notice",
        version: "2",
        draft_revision: "1",
      });
      assert.equal(approved.statusCode, 303, staffErrorIn(approved.body));
      const forwarded = await site.data.appeals.findInRegistry(appeal.id);
      assert.deepEqual(
        [forwarded?.state, forwarded?.forwarded_to],
        ["forwarded", "Министерство сельского хозяйства Кировской области"],
      );
      assert.deepEqual(
        (await notices(appeal.id)).map((mail) => mail.payload.notice),
        ["forwarded"],
      );
      assert.equal(await site.data.noticeDrafts.ofAppeal(appeal.id), undefined);
      const line = readAppealPage(
        (await clients.get("galina")?.get(`/staff/appeals/${appeal.id}`))?.body ?? "",
      ).audit.at(-1);
      assert.deepEqual(
        [line?.action, line?.who, line?.from, line?.to],
        ["Проект действия утверждён и выполнен", "galina", "Зарегистрировано", "Перенаправлено"],
      );
      assert.match(line?.details ?? "", /подготовил ivan/);
    });

    test("an approval from a page older than the appeal is refused (409) and changes nothing", async () => {
      const appeal = await assignedTo("ivan");
      const drafted = await act(site, "ivan", appeal.id, {
        intent: "extend",
        version: "2",
        extension_days: "20",
        extension_reason: "Нужен выезд на поле",
      });
      assert.equal(drafted.statusCode, 303, staffErrorIn(drafted.body));
      // Meanwhile the executor takes the appeal up: version 3.
      assert.equal(
        (await act(site, "ivan", appeal.id, { intent: "start", version: "2" })).statusCode,
        303,
      );
      const late = await act(site, "galina", appeal.id, {
        intent: "approve-notice",
        version: "2",
        draft_revision: "1",
      });
      assert.equal(late.statusCode, 409);
      assert.match(staffErrorIn(late.body) ?? "", /Обращение изменилось/);
      const stored = await site.data.appeals.findInRegistry(appeal.id);
      assert.deepEqual([stored?.extension_days, stored?.version], [0, 3]);
      assert.deepEqual(await notices(appeal.id), []);
      assert.equal((await site.data.noticeDrafts.ofAppeal(appeal.id))?.state, "awaiting_approval");

      const current = await act(site, "galina", appeal.id, {
        intent: "approve-notice",
        version: "3",
        draft_revision: "1",
      });
      assert.equal(current.statusCode, 303, staffErrorIn(current.body));
      assert.equal((await site.data.appeals.findInRegistry(appeal.id))?.extension_days, 20);
      assert.deepEqual(
        (await notices(appeal.id)).map((mail) => mail.payload.notice),
        ["extended"],
      );
    });

    test("an executor's draft on an appeal not assigned to them is 404, and a bad form 400", async () => {
      const appeal = await assignedTo("petr");
      const refused = await act(site, "ivan", appeal.id, forward(2));
      assert.equal(refused.statusCode, 404);
      assert.equal(await site.data.noticeDrafts.ofAppeal(appeal.id), undefined);
      const own = await assignedTo("ivan");
      const tooLong = await act(site, "ivan", own.id, {
        intent: "extend",
        version: "2",
        extension_days: "45",
        extension_reason: "x",
      });
      assert.equal(tooLong.statusCode, 400);
      assert.match(staffErrorIn(tooLong.body) ?? "", /Укажите число дней от 1 до 30/);
      assert.equal(await site.data.noticeDrafts.ofAppeal(own.id), undefined);
    });

    test("a registrar's forward goes out directly, as before", async () => {
      const appeal = await assignedTo("ivan");
      const forwarded = await act(site, "rita", appeal.id, forward(2));
      assert.equal(forwarded.statusCode, 303, staffErrorIn(forwarded.body));
      assert.equal((await site.data.appeals.findInRegistry(appeal.id))?.state, "forwarded");
      assert.equal((await notices(appeal.id)).length, 1);
      assert.equal(await site.data.noticeDrafts.ofAppeal(appeal.id), undefined);
    });

    test("with ANSWER_APPROVAL off an executor's action applies at once", async () => {
      const direct = await startTestApp({
        databaseUrl: database.url,
        pageHandler: await staffPageHandler(),
        answerApproval: false,
      });
      try {
        const ivan = new StaffClient(direct.app);
        assert.equal((await ivan.signIn("ivan", password)).statusCode, 302);
        const appeal = await assignedTo("ivan");
        const page = (await ivan.get(`/staff/appeals/${appeal.id}`)).body;
        assert.ok(!page.includes("Передать на согласование"), "its buttons act at once");
        const left = await act(
          direct,
          "ivan",
          appeal.id,
          { intent: "leave-without-answer", version: "2", ground: "unreadable" },
          ivan,
        );
        assert.equal(left.statusCode, 303, staffErrorIn(left.body));
        const stored = await site.data.appeals.findInRegistry(appeal.id);
        assert.deepEqual(
          [stored?.state, stored?.without_answer_ground],
          ["without_answer", "unreadable"],
        );
        assert.deepEqual(
          (await notices(appeal.id)).map((mail) => mail.payload.notice),
          ["unreadable"],
        );
        assert.equal(await site.data.noticeDrafts.ofAppeal(appeal.id), undefined);
      } finally {
        await direct.close();
      }
    });
  });
}
