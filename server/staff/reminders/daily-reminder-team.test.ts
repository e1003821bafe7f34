// The daily reminder and the team, on both stores with a real SMTP server: the handlers and every
// head with an e-mail get one mail of all the appeals due; each executor with an e-mail gets one
// of their own only; an executor without an e-mail, or with nothing due, gets none.
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

const dayMs = 86_400_000;
// 22 November 2026, 08:05 in Kirov.
const at0805 = new Date("2026-11-22T05:05:00Z");

for (const kind of testDatabaseKinds) {
  describe(`the daily reminder to the team on ${kind.name}`, () => {
    let database: TestDatabase;
    let data: DataLayer;
    let smtp: TestSmtpServer;
    const numbers: Record<string, string> = {};
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
      await addStaffUser(data, "petr", "a long password 3", { role: "executor" });
      await addStaffUser(data, "olga", "a long password 4", {
        role: "executor",
        email: "olga@example.ru",
      });
      // Ivan's: the answer term in its last days.
      numbers.ivan = (
        await storeAppealIn(data, new Date(at0805.getTime() - 28 * dayMs), {
          state: "in_progress",
          registered_on: "2026-10-25",
          assignee: "ivan",
        })
      ).number;
      // Petr's: overdue, but Petr has no e-mail.
      numbers.petr = (
        await storeAppealIn(data, new Date(at0805.getTime() - 40 * dayMs), {
          state: "in_progress",
          registered_on: "2026-10-13",
          assignee: "petr",
        })
      ).number;
      // Nobody's: never registered.
      numbers.nobody = (await storeAppealIn(data, new Date(at0805.getTime() - 10 * dayMs))).number;
      // Olga's: far from its term, so nothing for her.
      await storeAppealIn(data, new Date(at0805.getTime() - 60 * 60_000), {
        state: "registered",
        registered_on: "2026-11-22",
        assignee: "olga",
      });
    });
    after(async () => {
      await smtp?.stop();
      await data?.close();
      await database?.drop();
    });

    test("one mail of all to the handlers and heads, one of their own to each executor", async () => {
      const reminder = createDailyReminder({
        data,
        time: "08:00",
        log: silentLog,
        now: () => at0805,
      });
      assert.equal(await reminder.runOnce(), "written");
      const mails = await sentReminders(data, smtp, {
        handlers: ["handlers@example.ru", "GALINA@example.ru"],
        expected: 2,
      });
      assert.equal(mails.length, 2);
      const all = mails.find((mail) => mail.envelopeTo.includes("handlers@example.ru"));
      const own = mails.find((mail) => mail.envelopeTo.includes("ivan@example.ru"));
      assert.deepEqual(
        all?.envelopeTo,
        ["handlers@example.ru", "GALINA@example.ru"],
        "the head once",
      );
      for (const number of [numbers.ivan, numbers.petr, numbers.nobody]) {
        assert.ok(all?.text?.includes(number ?? "?"), `${number} in the mail of all`);
      }
      assert.deepEqual(own?.envelopeTo, ["ivan@example.ru"]);
      assert.ok(own?.text?.includes(numbers.ivan ?? "?"));
      assert.ok(
        !own?.text?.includes(numbers.petr ?? "?") && !own?.text?.includes(numbers.nobody ?? "?"),
      );
      assert.match(own?.subject ?? "", /просрочено 0, истекает \(последняя треть срока\) 1$/);
      // Like the assignment mail (decision 0020), no reminder carries a citizen's name.
      for (const mail of [all, own]) {
        for (const name of ["Иванова", "Анна"]) {
          assert.ok(!mail?.text?.includes(name) && !mail?.html?.includes(name), name);
        }
      }
    });
  });
}
