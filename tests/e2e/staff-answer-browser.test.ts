// The answer in Chromium, as staff and the citizen meet it: the citizen's status page before;
// staff write the answer, preview it, attach the signed letter, send it, see it sent and download
// the file; the citizen's mail carries the file byte for byte; the status page after, and with a
// wrong e-mail; an .exe renamed .pdf refused with a clear message and nothing stored; a <script>
// in the comment and in the answer stays text on every page, in the mail and in the CSV.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { statusMessages } from "../../domain/appeals/appeal-status.ts";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import {
  createTestSmtpServer,
  type TestSmtpServer,
  testMailConfig,
} from "../support/test-smtp-server.ts";
import {
  downloadedBytes,
  launchBrowser,
  openPage,
  type RunningSite,
  startSite,
} from "./harness.ts";
import {
  addAccount,
  assertAccessible,
  assertNoScripts,
  signedInPage,
  submitAppeal,
} from "./staff-pages.ts";

const author = "citizen@example.ru";
const scriptComment = "<script>window.__pwned = 1</script> Прошу ответить";
const scriptAnswer = "Сообщаем: <script>window.__pwned = 2</script> обследование в мае.";
const letterPath = fileURLToPath(new URL("../fixtures/answer-letter.pdf", import.meta.url));
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("the answer in the browser", () => {
  let smtp: TestSmtpServer;
  let site: RunningSite;
  let browser: Browser;
  before(async () => {
    smtp = await createTestSmtpServer({ onlyTo: [author] });
    site = await startSite({
      mail: testMailConfig(smtp),
    });
    browser = await launchBrowser();
    await addAccount(site, "anna");
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await smtp?.stop();
  });

  /** The citizen's lookup, without JavaScript: the state shown, or the one refusal. */
  async function statusPage(number: string, email: string) {
    const { page, consoleErrors, close } = await openPage(browser, { javaScriptEnabled: false });
    try {
      await page.goto(`${site.baseUrl}/appeals/status`);
      await page.getByLabel("Номер обращения").fill(number);
      await page.getByLabel("Адрес электронной почты").fill(email);
      await page.getByRole("button", { name: "Узнать состояние" }).click();
      await page.getByRole("heading", { name: "Состояние обращения", level: 1 }).waitFor();
      const alert = page.getByRole("alert");
      const text =
        (await alert.count()) > 0
          ? await alert.textContent()
          : await page.getByRole("status").textContent();
      assert.deepEqual(consoleErrors, []);
      return text ?? "";
    } finally {
      await close();
    }
  }

  async function registerOn(page: Page, id: string) {
    await page.goto(`${site.baseUrl}/staff/appeals/${id}`);
    await page.getByRole("form", { name: "Зарегистрировать" }).getByRole("button").click();
    await page.getByTestId("appeal-state").getByText("Зарегистрировано").waitFor();
  }

  test("staff write, preview and send an answer with a file; it goes out and the citizen sees it answered", async () => {
    const appeal = await submitAppeal(site, { email: author, comment: scriptComment });
    const before = await statusPage(appeal.number, author);
    assert.match(before, /Состояние\s*Новое/);
    assert.doesNotMatch(before, /Ответ отправлен/);

    const { page, consoleErrors, close } = await signedInPage(browser, site, "anna");
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    try {
      await registerOn(page, appeal.id);
      const form = page.getByRole("form", { name: "Ответ гражданину" });
      await assertAccessible(page);
      await form.getByLabel("Текст ответа").fill(scriptAnswer);
      await form.getByLabel("Исходящий номер").fill("01-12/345");
      await form.getByLabel("Вложения").setInputFiles(letterPath);
      await form.getByRole("button", { name: "Предпросмотр" }).click();
      const preview = page.getByRole("region", { name: "Предпросмотр письма (не отправлено)" });
      await preview.waitFor();
      assert.match(
        (await page.getByTestId("preview-subject").textContent()) ?? "",
        new RegExp(`№ ${appeal.number}`),
      );
      assert.ok(
        ((await page.getByTestId("preview-text").textContent()) ?? "").includes(scriptAnswer),
      );
      await preview.getByText("answer-letter.pdf (PDF, 22 КБ)").waitFor();
      await assertAccessible(page);
      // The text is kept; the browser forgets the chosen file, so it is chosen again.
      assert.equal(await form.getByLabel("Текст ответа").inputValue(), scriptAnswer);
      await form.getByLabel("Вложения").setInputFiles(letterPath);
      await form.getByRole("button", { name: "Отправить ответ" }).click();
      await page.getByTestId("appeal-state").getByText("Дан ответ").waitFor();
      assert.equal(await page.getByTestId("answer-text").textContent(), scriptAnswer);

      for (let tries = 0; tries < 100; tries += 1) {
        if ((await page.getByTestId("answer-mail-status").textContent())?.startsWith("отправлено"))
          break;
        await sleep(100);
        await page.reload();
      }
      assert.match(
        (await page.getByTestId("answer-mail-status").textContent()) ?? "",
        /^отправлено, /,
      );

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "answer-letter.pdf" }).click(),
      ]);
      assert.equal(download.suggestedFilename(), "answer-letter.pdf");
      const downloaded = await downloadedBytes(download);
      const letter = await readFile(letterPath);
      assert.equal(sha256(downloaded), sha256(letter));

      const mail = smtp.received.find((sent) => sent.subject?.startsWith("Ответ на обращение"));
      assert.ok(mail, "the answer reached the citizen's address");
      assert.ok(mail.text?.includes(scriptAnswer));
      assert.ok(!mail.html?.includes("<script>"));
      assert.ok(!mail.text?.includes(scriptComment), "the citizen's own text is not repeated");
      const attached = mail.attachments[0]?.content;
      assert.equal(
        sha256(
          typeof attached === "string"
            ? Buffer.from(attached)
            : new Uint8Array(attached ?? new ArrayBuffer(0)),
        ),
        sha256(letter),
      );

      // The CSV of the registry: the comment as text, neutralised for Excel where it must be.
      const [csv] = await Promise.all([
        page.waitForEvent("download"),
        page
          .goto(`${site.baseUrl}/staff/export.csv?q=${encodeURIComponent(appeal.number)}`)
          .catch(() => undefined),
      ]);
      const csvText = (await downloadedBytes(csv)).toString("utf8");
      assert.ok(csvText.includes("<script>window.__pwned = 1</script>"), "the comment as text");

      await page.goto(`${site.baseUrl}/staff/appeals/${appeal.id}`);
      await assertNoScripts(page);
      assert.equal(await page.evaluate(() => "__pwned" in window), false);
      assert.equal(dialogs, 0);
      assert.deepEqual(consoleErrors, []);
    } finally {
      await close();
    }

    const afterAnswer = await statusPage(appeal.number, author);
    assert.match(afterAnswer, /Состояние\s*Дан ответ/);
    assert.ok(
      afterAnswer.includes(`Ответ отправлен${formatRussianDate(kirovIsoDate(new Date()))}`),
      afterAnswer,
    );
    assert.ok(!afterAnswer.includes("обследование в мае"), "never the answer's text");
    assert.equal(await statusPage(appeal.number, "other@example.ru"), statusMessages.notFound);
  });

  test("an .exe renamed .pdf is refused with a clear message; the text stays, nothing is stored", async () => {
    const appeal = await submitAppeal(site, { email: author });
    const { page, consoleErrors, close } = await signedInPage(browser, site, "anna");
    try {
      await registerOn(page, appeal.id);
      const form = page.getByRole("form", { name: "Ответ гражданину" });
      await form.getByLabel("Текст ответа").fill("Ответ с неверным файлом");
      await form.getByLabel("Вложения").setInputFiles({
        name: "договор.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00", "latin1"), Buffer.alloc(2048, 7)]),
      });
      await form.getByRole("button", { name: "Отправить ответ" }).click();
      await page
        .getByRole("alert")
        .getByText(
          "Файл «договор.pdf» не принят: по содержимому это не PDF, DOCX, ODT, JPEG или PNG.",
          { exact: false },
        )
        .waitFor();
      assert.equal(await page.getByTestId("appeal-state").textContent(), "Зарегистрировано");
      assert.equal(
        await page
          .getByRole("form", { name: "Ответ гражданину" })
          .getByLabel("Текст ответа")
          .inputValue(),
        "Ответ с неверным файлом",
      );
      const stored = await site.data.answers.ofAppeal(appeal.id);
      assert.equal(stored, undefined);
      assert.equal(await site.data.deliveries.statusOf(appeal.id, "appeal-answer"), undefined);
      await assertAccessible(page);
      // Chromium reports the page's own status (415) as a console line; nothing else is there.
      assert.deepEqual(consoleErrors, [
        "Failed to load resource: the server responded with a status of 415 (Unsupported Media Type)",
      ]);
    } finally {
      await close();
    }
  });
});
