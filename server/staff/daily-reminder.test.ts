// The daily reminder on SQLite and PostgreSQL with a real SMTP server: sent at its time, once a
// day even when two servers check at the same moment; a failed send is retried, not lost.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import { parseDatabaseUrl } from "../config.ts";
import { createTestSmtpServer, type TestSmtpServer } from "../mail/test-smtp-server.ts";
import type { AppealStore } from "../store/appeal-store.ts";
import { openStore } from "../store/open-store.ts";
import { openSqlRunner, type SqlRunner } from "../store/sql-runner.ts";
import { type TestDatabase, testDatabaseKinds } from "../store/test-databases.ts";
import { createDailyReminder } from "./daily-reminder.ts";
import { openStaffStore } from "./open-staff-store.ts";
import type { StaffStore } from "./staff-store.ts";
import { newAppeal } from "./staff-test-app.ts";

const silentLog = {
  info() {},
  error() {},
  warn() {},
} as unknown as FastifyBaseLogger;

const dayMs = 86_400_000;
// 22 November 2026, 08:05 and 07:55 in Kirov (UTC+3).
const at0805 = new Date("2026-11-22T05:05:00Z");
const at0755 = new Date("2026-11-22T04:55:00Z");

for (const kind of testDatabaseKinds) {
  describe(`daily reminder on ${kind.name}`, () => {
    let database: TestDatabase;
    let store: AppealStore;
    let servers: StaffStore[];
    let sql: SqlRunner;
    let smtp: TestSmtpServer;
    const transport = () => nodemailer.createTransport({ url: smtp.url });

    before(async () => {
      database = await kind.create();
      const config = parseDatabaseUrl(database.url);
      store = await openStore(config);
      servers = [await openStaffStore(config), await openStaffStore(config)];
      sql = await openSqlRunner(config);
      smtp = await createTestSmtpServer();
      // Overdue: received 10 days before and never registered.
      const late = await store.insertAppeal(
        newAppeal(new Date(at0805.getTime() - 10 * dayMs), { last_name: "<b>Опоздавшая</b>" }),
      );
      // Due soon: registered 28 days before, answer term ends within 3 days.
      const soon = await store.insertAppeal(newAppeal(new Date(at0805.getTime() - 28 * dayMs)));
      await sql.run("UPDATE appeals SET state = 'in_progress', registered_on = ? WHERE id = ?", [
        "2026-10-25",
        soon.id,
      ]);
      // Fine: received and registered the same morning, answer due in 30 days.
      const fine = await store.insertAppeal(newAppeal(new Date(at0805.getTime() - 60 * 60_000)));
      await sql.run("UPDATE appeals SET state = 'registered', registered_on = ? WHERE id = ?", [
        "2026-11-22",
        fine.id,
      ]);
      assert.ok(late.id);
    });
    after(async () => {
      await smtp?.stop();
      for (const server of servers ?? []) await server.close();
      await sql?.close();
      await store?.close();
      await database?.drop();
    });

    const reminderOn = (server: StaffStore, now: Date) => {
      const mailer = transport();
      return createDailyReminder({
        store: server,
        time: "08:00",
        log: silentLog,
        now: () => now,
        send: async (mail) => {
          try {
            await mailer.sendMail({
              from: "site@example.ru",
              to: ["handlers@example.ru"],
              ...mail,
            });
          } finally {
            mailer.close();
          }
        },
      });
    };

    test("before its time nothing is sent", async () => {
      assert.equal(await reminderOn(servers[0] as StaffStore, at0755).runOnce(), "not-yet");
      assert.equal(smtp.received.length, 0);
    });

    test("a failed send gives the day back, and the next check sends it", async () => {
      await smtp.stop();
      assert.equal(await reminderOn(servers[0] as StaffStore, at0805).runOnce(), "failed");
      await smtp.start();
      assert.equal(smtp.received.length, 0);
    });

    test("two servers checking at once: one mail, listing the overdue and the due-soon appeals", async () => {
      const outcomes = await Promise.all(
        (servers as StaffStore[]).map((server) => reminderOn(server, at0805).runOnce()),
      );
      assert.deepEqual(
        [...outcomes].sort(),
        ["claimed-elsewhere", "sent"].sort(),
        `outcomes: ${outcomes.join(", ")}`,
      );
      const [mail] = await smtp.waitForMail(1);
      assert.ok(mail);
      assert.equal(
        mail.subject,
        "Сроки обращений на 22.11.2026: просрочено 1, истекает в ближайшие 3 дня 1",
      );
      assert.match(
        mail.text ?? "",
        /Просрочены:\n {2}А-2026-\d{6} — <b>Опоздавшая<\/b> Анна; Новое; Регистрация: до 16\.11\.2026/,
      );
      assert.match(
        mail.text ?? "",
        /Истекают в ближайшие 3 дня:\n {2}А-20\d\d-\d{6} — Иванова Анна; На рассмотрении; Ответ: до 24\.11\.2026/,
      );
      assert.ok(mail.html?.includes("&lt;b&gt;Опоздавшая&lt;/b&gt;"), "HTML escapes the names");
      assert.ok(!mail.html?.includes("<b>Опоздавшая"));
      // Later checks the same day, on either server, send nothing more.
      for (const server of servers) {
        assert.equal(
          await reminderOn(server, new Date(at0805.getTime() + 3_600_000)).runOnce(),
          "already-sent",
        );
      }
      assert.equal(smtp.received.length, 1);
    });
  });
}
