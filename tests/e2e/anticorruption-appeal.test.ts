// The corruption report (issue 29): reached from /anticorruption without JavaScript, the form
// with its topic chosen stores the appeal with that topic, and its handlers' notification reaches
// ANTICORRUPTION_NOTIFY_TO through a real SMTP server besides the handlers; an appeal from /appeals
// does not. On SQLite (decision 0051: browser flows run once).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { browserStores, type TestDatabase } from "../support/test-databases.ts";
import {
  createTestSmtpServer,
  type TestSmtpServer,
  testMailConfig,
} from "../support/test-smtp-server.ts";
import { launchBrowser, openPage, type RunningSite, startSite } from "./harness.ts";

const anticorruptionAddress = "korrupciya@example.ru";

async function fillAndSend(page: Page, email: string): Promise<string> {
  await page.getByLabel("Имя", { exact: true }).fill("Иван");
  await page.getByLabel("Фамилия", { exact: true }).fill("Петров");
  await page.getByLabel("Электронная почта").fill(email);
  await page.getByLabel("Телефон").fill("+7 912 000-11-22");
  await page.getByLabel("Текст обращения").fill("Сообщаю о случае, который прошу проверить.");
  await page.getByRole("checkbox", { name: /согласие на обработку/ }).check();
  await page.locator("form.appeal-form button[type=submit]").click();
  const message = await page.locator(".form-status__message--success").textContent();
  const number = message?.match(/А-\d{4}-\d{6}/)?.[0];
  assert.ok(number, `a registration number in «${message}»`);
  return number;
}

for (const kind of browserStores) {
  describe(`a corruption report on ${kind.name}`, () => {
    let database: TestDatabase;
    let smtp: TestSmtpServer;
    let site: RunningSite;
    let browser: Browser;
    before(async () => {
      database = await kind.create();
      smtp = await createTestSmtpServer();
      site = await startSite({
        databaseUrl: database.url,
        mail: { ...testMailConfig(smtp), anticorruptionNotifyTo: [anticorruptionAddress] },
      });
      browser = await launchBrowser();
    });
    after(async () => {
      await browser?.close();
      await site?.close();
      await smtp?.stop();
      await database?.drop();
    });

    /**
     * The handlers' notification of an appeal, once it has arrived: the mail with its number not
     * sent to its author (the acknowledgement carries the number too, and may come first).
     */
    async function notificationOf(number: string, author: string) {
      for (;;) {
        const mail = smtp.received.find(
          (received) => received.subject?.includes(number) && !received.envelopeTo.includes(author),
        );
        if (mail) return mail;
        await smtp.waitForMail(smtp.received.length + 1);
      }
    }

    test("carries its topic and reaches ANTICORRUPTION_NOTIFY_TO besides the handlers", async () => {
      const { page, consoleErrors, close } = await openPage(browser, {
        javaScriptEnabled: false,
      });
      try {
        await page.goto(`${site.baseUrl}/anticorruption`);
        await page
          .getByRole("link", { name: "форму обращения с темой «Сообщение о фактах коррупции»" })
          .click();
        await page
          .getByRole("heading", { level: 1, name: "Сообщение о фактах коррупции" })
          .waitFor();
        assert.match(
          await page.locator("form.appeal-form").innerText(),
          /Тема обращения: «Сообщение о фактах коррупции»/,
        );
        const number = await fillAndSend(page, "report@example.ru");
        const stored = (await site.data.appeals.list()).find((row) => row.number === number);
        assert.equal(stored?.topic, "corruption-report");
        const mail = await notificationOf(number, "report@example.ru");
        assert.deepEqual(mail.envelopeTo.toSorted(), [
          anticorruptionAddress,
          "priemnaya@example.ru",
        ]);
        assert.deepEqual(consoleErrors, []);
      } finally {
        await close();
      }
    });

    test("an appeal from /appeals has no topic and goes to the handlers only", async () => {
      const { page, close } = await openPage(browser, { javaScriptEnabled: false });
      try {
        await page.goto(`${site.baseUrl}/appeals`);
        const number = await fillAndSend(page, "plain@example.ru");
        const stored = (await site.data.appeals.list()).find((row) => row.number === number);
        assert.equal(stored?.topic ?? null, null);
        const mail = await notificationOf(number, "plain@example.ru");
        assert.deepEqual(mail.envelopeTo, ["priemnaya@example.ru"]);
      } finally {
        await close();
      }
    });
  });
}
