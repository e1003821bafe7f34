// The heads' daily reminder counts the appeals awaiting their approval, on both stores with a real
// SMTP server: a number and the link to the filtered list, nothing of the appeals themselves; on a
// day with nothing due the heads alone get it, and the handlers and executors nothing.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addStaffUser, storeAppealIn } from "../../../tests/support/staff-fixtures.ts";
import { type TestDatabase, testDatabaseKinds } from "../../../tests/support/test-databases.ts";
import { sentReminders, silentLog } from "../../../tests/support/test-delivery-sender.ts";
import {
  createTestSmtpServer,
  type TestSmtpServer,
} from "../../../tests/support/test-smtp-server.ts";
import { parseDatabaseUrl } from "../../config.ts";
import { type DataLayer, openDataLayer } from "../../db/data-layer.ts";
import { createDailyReminder } from "./daily-reminder.ts";

// 22 November 2026, 08:05 in Kirov.
const at0805 = new Date("2026-11-22T05:05:00Z");
const surname = "Тестова";

for (const kind of testDatabaseKinds) {
  describe(`the heads' reminder of approvals on ${kind.name}`, () => {
    let database: TestDatabase;
    let data: DataLayer;
    let smtp: TestSmtpServer;
    const numbers: string[] = [];
    before(async () => {
      database = await kind.create();
      data = await openDataLayer(parseDatabaseUrl(database.url));
      smtp = await createTestSmtpServer();
      await addStaffUser(data, "galina", "a long password 1", {
        role: "head",
        email: "galina@example.ru",
      });
      await addStaffUser(data, "ivan", "a long password 2", {
        role: "executor",
        email: "ivan@example.ru",
      });
      // Registered yesterday: nothing is due. One answer and one forward await approval; a
      // returned answer does not.
      const registered = () =>
        storeAppealIn(
          data,
          new Date(at0805.getTime() - 86_400_000),
          { state: "registered", registered_on: "2026-11-21", assignee: "ivan" },
          { last_name: surname },
        );
      const drafted = { staffLogin: "ivan", createdAt: at0805, answeredOn: "2026-11-22" };
      const answerWaits = await registered();
      const forwardWaits = await registered();
      const returned = await registered();
      numbers.push(answerWaits.number, forwardWaits.number, returned.number);
      await data.transaction(async (tx) => {
        const answer = { ...drafted, text: "Проект", outgoingNumber: null };
        await data.answers.insert(
          { ...answer, appealId: answerWaits.id, state: "awaiting_approval" },
          tx,
        );
        const back = await data.answers.insert(
          { ...answer, appealId: returned.id, state: "awaiting_approval" },
          tx,
        );
        assert.ok(back);
        const comment = { state: "returned", reviewedBy: "galina", comment: "Уточнить" } as const;
        assert.ok(await data.answers.review(back, 1, comment, tx));
        await data.noticeDrafts.submit(
          {
            appealId: forwardWaits.id,
            intent: "forward",
            fields: { forwarded_to: "Прокуратура", forwarded_on: "2026-11-22" },
            draftedBy: "ivan",
            draftedAt: at0805,
          },
          tx,
        );
      });
    });
    after(async () => {
      await smtp?.stop();
      await data?.close();
      await database?.drop();
    });

    test("the heads alone get the count and the link, no appeal's details", async () => {
      const reminder = createDailyReminder({
        data,
        time: "08:00",
        log: silentLog,
        now: () => at0805,
      });
      assert.equal(await reminder.runOnce(), "written");
      const mails = await sentReminders(data, smtp, {
        handlers: ["handlers@example.ru"],
        expected: 1,
      });
      assert.equal(mails.length, 1);
      const [mail] = mails;
      assert.deepEqual(mail?.envelopeTo, ["galina@example.ru"]);
      assert.match(mail?.subject ?? "", /просрочено 0, .* 0; ждут согласования 2$/);
      const link = "https://agrochem.example/staff?approval=awaiting";
      assert.ok(mail?.text?.includes(`Ждут вашего согласования: 2. Список: ${link}`));
      assert.ok(mail?.html?.includes(`<a href="${link}">${link}</a>`));
      for (const personal of [...numbers, surname]) {
        assert.ok(!mail?.text?.includes(personal) && !mail?.html?.includes(personal), personal);
      }
    });
  });
}
