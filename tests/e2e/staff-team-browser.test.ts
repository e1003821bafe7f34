// The team in Chromium: a registrar registers and assigns; the executor signs in, sees only that
// appeal and drafts the answer; the head returns it with a comment, the executor revises, the head
// approves and the citizen's mail arrives; the executor's requests for another's appeal, its file
// and its CSV row get nothing; a note never reaches the citizen's mail or the status page.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import {
  createTestSmtpServer,
  type TestSmtpServer,
  testMailConfig,
} from "../support/test-smtp-server.ts";
import { launchBrowser, openPage, type RunningSite, startSite } from "./harness.ts";
import { addAccount, assertAccessible, signedInPage, submitAppeal } from "./staff-pages.ts";

const citizen = "citizen@example.ru";
const letterPath = fileURLToPath(new URL("../fixtures/answer-letter.pdf", import.meta.url));
const note = "Заметка для своих: уточнить у агронома";

describe("the team in the browser", () => {
  let smtp: TestSmtpServer;
  let site: RunningSite;
  let browser: Browser;
  before(async () => {
    smtp = await createTestSmtpServer({ onlyTo: [citizen, "ivan@example.ru"] });
    site = await startSite({
      mail: testMailConfig(smtp),
    });
    browser = await launchBrowser();
    await addAccount(site, "rita", { role: "registrar" });
    await addAccount(site, "ivan", { role: "executor", email: "ivan@example.ru" });
    await addAccount(site, "galina", { role: "head" });
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await smtp?.stop();
  });

  async function mailTo(subjectStart: string) {
    for (let tries = 0; tries < 400; tries += 1) {
      const mail = smtp.received.find((sent) => sent.subject?.startsWith(subjectStart));
      if (mail) return mail;
      await sleep(25);
    }
    throw new Error(`no mail "${subjectStart}"`);
  }

  test("register and assign, draft, return, revise, approve: the citizen gets the approved answer", async () => {
    const appeal = await submitAppeal(site, { email: citizen, comment: "Когда обследуют поле?" });
    const elsewhere = await submitAppeal(site, { email: "other@example.ru", last_name: "Чужая" });

    const registrar = await signedInPage(browser, site, "rita");
    try {
      await registrar.page.goto(`${site.baseUrl}/staff/appeals/${appeal.id}`);
      await registrar.page
        .getByRole("form", { name: "Зарегистрировать" })
        .getByRole("button")
        .click();
      await registrar.page.getByTestId("appeal-state").getByText("Зарегистрировано").waitFor();
      const assign = registrar.page.getByRole("form", { name: "Назначить исполнителя" });
      await assign.getByLabel("Исполнитель").selectOption("ivan");
      await assign.getByRole("button").click();
      await registrar.page.getByTestId("assignee").getByText("ivan").waitFor();
      assert.equal(await registrar.page.getByRole("form", { name: "Ответ гражданину" }).count(), 0);
      await assertAccessible(registrar.page);
      assert.deepEqual(registrar.consoleErrors, []);
    } finally {
      await registrar.close();
    }
    const assignment = await mailTo(`Вам поручено обращение № ${appeal.number}`);
    assert.ok(!assignment.text?.includes("Когда обследуют поле?"));

    const executor = await signedInPage(browser, site, "ivan");
    try {
      const { page } = executor;
      await page.getByRole("row").filter({ hasText: appeal.number }).waitFor();
      assert.equal(await page.getByRole("row").filter({ hasText: elsewhere.number }).count(), 0);
      await page.getByRole("link", { name: appeal.number }).click();
      const form = page.getByRole("form", { name: "Ответ гражданину" });
      await form.getByLabel("Текст ответа").fill("Обследование весной.");
      await form.getByLabel("Вложения").setInputFiles(letterPath);
      await form.getByRole("button", { name: "Передать на согласование" }).click();
      await page.getByRole("heading", { name: "Проект ответа: на согласовании" }).waitFor();
      await assertAccessible(page);

      // Another's appeal, its file and its CSV row are not there for him.
      const other = await page.goto(`${site.baseUrl}/staff/appeals/${elsewhere.id}`);
      assert.equal(other?.status(), 404);
      await page.getByRole("heading", { name: "Обращение не найдено" }).waitFor();
      const csv = await page.request.get(`${site.baseUrl}/staff/export.csv`);
      const rows = (await csv.text()).split("\r\n").filter((line) => line.includes("А-"));
      assert.deepEqual(
        rows.map((line) => line.split(";")[0]),
        [appeal.number],
      );
    } finally {
      await executor.close();
    }

    const head = await signedInPage(browser, site, "galina");
    try {
      const { page } = head;
      await page.goto(`${site.baseUrl}/staff/appeals/${appeal.id}`);
      const back = page.getByRole("form", { name: "Вернуть на доработку" });
      await back.getByLabel("Что доработать").fill("Укажите месяц и стоимость.");
      await back.getByRole("button").click();
      await page.getByRole("heading", { name: "Проект ответа: на доработку" }).waitFor();
      const addNote = page.getByRole("form", { name: "Добавить заметку" });
      await addNote.getByLabel("Текст заметки").fill(note);
      await addNote.getByRole("button").click();
      await page.getByTestId("notes").getByText(note, { exact: false }).waitFor();
    } finally {
      await head.close();
    }

    const again = await signedInPage(browser, site, "ivan");
    try {
      const { page } = again;
      await page.goto(`${site.baseUrl}/staff/appeals/${appeal.id}`);
      await page
        .getByTestId("review-comment")
        .getByText("Укажите месяц и стоимость.", { exact: false })
        .waitFor();
      const form = page.getByRole("form", { name: "Ответ гражданину" });
      assert.equal(await form.getByLabel("Текст ответа").inputValue(), "Обследование весной.");
      await form.getByLabel("Текст ответа").fill("Обследование в апреле, стоимость по прайсу.");
      await form.getByRole("button", { name: "Передать на согласование" }).click();
      await page.getByRole("heading", { name: "Проект ответа: на согласовании" }).waitFor();
    } finally {
      await again.close();
    }
    assert.equal(
      smtp.received.filter((mail) => mail.subject?.startsWith("Ответ на обращение")).length,
      0,
      "nothing reaches the citizen before approval",
    );

    const approval = await signedInPage(browser, site, "galina");
    try {
      const { page } = approval;
      await page.goto(`${site.baseUrl}/staff/appeals/${appeal.id}`);
      await page.getByRole("form", { name: "Утвердить и отправить" }).getByRole("button").click();
      await page.getByTestId("appeal-state").getByText("Дан ответ").waitFor();
      await assertAccessible(page);
      assert.deepEqual(approval.consoleErrors, []);
    } finally {
      await approval.close();
    }
    const answer = await mailTo(`Ответ на обращение № ${appeal.number}`);
    assert.deepEqual(answer.envelopeTo, [citizen]);
    assert.ok(answer.text?.includes("Обследование в апреле, стоимость по прайсу."));
    assert.deepEqual(
      answer.attachments.map((file) => file.filename),
      ["answer-letter.pdf"],
    );
    const letter = await readFile(letterPath);
    const attached = answer.attachments[0]?.content;
    assert.ok(attached && typeof attached !== "string");
    assert.ok(Buffer.from(new Uint8Array(attached)).equals(letter), "the letter byte for byte");
    for (const mail of smtp.received) {
      assert.ok(!mail.text?.includes(note) && !mail.html?.includes(note), "the note stays inside");
    }

    const status = await openPage(browser, { javaScriptEnabled: false });
    try {
      await status.page.goto(`${site.baseUrl}/appeals/status`);
      await status.page.getByLabel("Номер обращения").fill(appeal.number);
      await status.page.getByLabel("Адрес электронной почты").fill(citizen);
      await status.page.getByRole("button", { name: "Узнать состояние" }).click();
      await status.page.getByTestId("status-state").getByText("Дан ответ").waitFor();
      assert.ok(!(await status.page.content()).includes(note));
    } finally {
      await status.close();
    }
  });
});
