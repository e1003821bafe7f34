// The daily reminder on SQLite and PostgreSQL with a real SMTP server: written at its time, once a
// day even when two servers check at the same moment, and sent by the one delivery sender, so an
// SMTP outage delays it instead of losing it.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { storeAppealIn } from "../../../tests/support/staff-fixtures.ts";
import { type TestDatabase, testDatabaseKinds } from "../../../tests/support/test-databases.ts";
import { silentLog, startTestDeliverySender } from "../../../tests/support/test-delivery-sender.ts";
import {
  createTestSmtpServer,
  type TestSmtpServer,
} from "../../../tests/support/test-smtp-server.ts";
import { parseDatabaseUrl } from "../../config.ts";
import { type DataLayer, openDataLayer } from "../../db/data-layer.ts";
import { createDailyReminder } from "./daily-reminder.ts";

const dayMs = 86_400_000;
// 22 November 2026, 08:05 and 07:55 in Kirov (UTC+3).
const at0805 = new Date("2026-11-22T05:05:00Z");
const at0755 = new Date("2026-11-22T04:55:00Z");

for (const kind of testDatabaseKinds) {
  describe(`daily reminder on ${kind.name}`, () => {
    let database: TestDatabase;
    /** Two app servers on one database. */
    let servers: DataLayer[];
    let smtp: TestSmtpServer;

    before(async () => {
      database = await kind.create();
      const config = parseDatabaseUrl(database.url);
      servers = [await openDataLayer(config), await openDataLayer(config)];
      smtp = await createTestSmtpServer({ listening: false, onlyTo: ["handlers@example.ru"] });
      const data = servers[0] as DataLayer;
      // Overdue: received 10 days before and never registered.
      await storeAppealIn(data, new Date(at0805.getTime() - 10 * dayMs), undefined, {
        last_name: "<b>Опоздавшая</b>",
      });
      // Due soon: registered 28 days before, answer term in its last days.
      await storeAppealIn(data, new Date(at0805.getTime() - 28 * dayMs), {
        state: "in_progress",
        registered_on: "2026-10-25",
      });
      // Fine: received and registered the same morning, answer due in 30 days.
      await storeAppealIn(data, new Date(at0805.getTime() - 60 * 60_000), {
        state: "registered",
        registered_on: "2026-11-22",
      });
    });
    after(async () => {
      await smtp?.stop();
      for (const server of servers ?? []) await server.close();
      await database?.drop();
    });

    const reminderOn = (data: DataLayer, now: Date) =>
      createDailyReminder({ data, time: "08:00", log: silentLog, now: () => now });
    const pendingReminders = async () =>
      (await (servers[0] as DataLayer).deliveries.backlog())["daily-reminder"].pending;

    test("before its time nothing is written", async () => {
      assert.equal(await reminderOn(servers[0] as DataLayer, at0755).runOnce(), "not-yet");
      assert.equal(await pendingReminders(), 0);
    });

    test("two servers checking at once: one reminder written, by one of them", async () => {
      const outcomes = await Promise.all(
        servers.map((server) => reminderOn(server, at0805).runOnce()),
      );
      // The other finds the day claimed while the first writes, or, on a loaded machine where
      // the first has already finished, the reminder written: either way it writes nothing.
      assert.equal(outcomes.filter((outcome) => outcome === "written").length, 1, String(outcomes));
      assert.ok(
        outcomes.every((outcome) =>
          ["written", "claimed-elsewhere", "already-written"].includes(outcome),
        ),
        `outcomes: ${outcomes.join(", ")}`,
      );
      assert.equal(await pendingReminders(), 1);
      // Later checks the same day, on either server, write nothing more.
      for (const server of servers) {
        assert.equal(
          await reminderOn(server, new Date(at0805.getTime() + 3_600_000)).runOnce(),
          "already-written",
        );
      }
      assert.equal(await pendingReminders(), 1);
    });

    test("SMTP down: the reminder waits and is sent once SMTP is back, listing the overdue and the due-soon appeals", async () => {
      const data = servers[1] as DataLayer;
      const sender = startTestDeliverySender(data, smtp.url, {
        handlers: ["handlers@example.ru"],
        maxAttempts: 1000,
      });
      try {
        const waiting = async () => (await data.deliveries.backlog())["daily-reminder"];
        await new Promise((done) => setTimeout(done, 300));
        assert.equal((await waiting()).pending, 1, "still waiting while SMTP is down");
        assert.equal(smtp.received.length, 0);
        await smtp.start();
        // The three appeals' notifications to the handlers, and the reminder.
        const reminders = () =>
          smtp.received.filter((received) => received.subject?.startsWith("Сроки обращений"));
        await smtp.waitForMail(4);
        const [mail] = reminders();
        assert.ok(mail);
        assert.deepEqual(
          (mail.to ?? []).map((to) => to.address),
          ["handlers@example.ru"],
        );
        assert.equal(
          mail.subject,
          "Сроки обращений на 22.11.2026: просрочено 1, истекает (последняя треть срока) 1",
        );
        assert.match(
          mail.text ?? "",
          /Просрочены:\n {2}А-2026-\d{6}; Новое; Регистрация: до 16\.11\.2026 \(просрочен\)\n/,
        );
        assert.match(
          mail.text ?? "",
          /Истекают \(последняя треть срока\):\n {2}А-20\d\d-\d{6}; На рассмотрении; Ответ: до 24\.11\.2026 \(истекает\)\n/,
        );
        // Decision 0020: a mailbox is not the registry; no reminder names a citizen.
        for (const name of ["Опоздавшая", "Иванова", "Анна"]) {
          assert.ok(!mail.text?.includes(name) && !mail.html?.includes(name), name);
        }
        await new Promise((done) => setTimeout(done, 300));
        assert.equal(reminders().length, 1, "sent once");
        assert.equal(smtp.received.length, 4);
        assert.equal((await waiting()).pending, 0);
      } finally {
        await sender.stop();
      }
    });
  });
}
