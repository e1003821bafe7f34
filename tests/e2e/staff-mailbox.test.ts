// The organisation's mailbox in Chromium (issue 46), with real SMTP (tests/support/test-smtp-server.ts)
// and a real Dovecot as IMAP_URL, MAIL_RETURN_PATH set: an answer leaves with its VERP sender;
// its delivery report APPENDed to the mailbox turns it «не доставлено: нет такого адреса» on the
// appeal's page (the page polled, no fixed wait), the list tells heads «Ответ не доставлен: 1»,
// «Отправить по почте» opens a letter that prints on A4 without the staff frame; the citizen's
// reply with a PDF becomes a linked follow-up «Повторное обращение к …», acknowledged once; an
// out-of-office reply changes nothing; a stranger's message waits in «Письма без обращения» and
// a registrar registers it. axe finds nothing on the new pages; nothing scrolls sideways at 320 px.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { parseImapUrl } from "../../server/mail/inbound/imap-url.ts";
import { type DovecotProcess, startDovecot } from "../support/dovecot-process.ts";
import {
  createTestSmtpServer,
  type TestSmtpServer,
  testMailConfig,
} from "../support/test-smtp-server.ts";
import { launchBrowser, type RunningSite, startSite } from "./harness.ts";
import {
  addAccount,
  assertAccessible,
  assertNoScripts,
  signedInPage,
  submitAppeal,
} from "./staff-pages.ts";

const author = "citizen@example.ru";
const stranger = "petr.sidorov@example.org";
const answerText = "Сообщаем: обследование ваших полей запланировано на май.";
const letterPath = fileURLToPath(new URL("../fixtures/answer-letter.pdf", import.meta.url));
const mailboxUser = "appeals";

/** The real server on SQLite, as the harness starts it, with the mailbox read (IMAP_URL). */
function startMailboxSite(smtp: TestSmtpServer, imapUrl: string): Promise<RunningSite> {
  return startSite({
    mail: { ...testMailConfig(smtp), returnPath: "bounces@example.ru" },
    imap: parseImapUrl(imapUrl),
  });
}

/** Waits until `check` holds, looking again every 250 ms, for at most a minute. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A message as a mail program writes it, CRLF line ends. */
const eml = (lines: string[]) => Buffer.from(`${lines.join("\r\n")}\r\n`);

function deliveryReport(verp: string, messageId: string): Buffer {
  return eml([
    "From: Mail Delivery System <MAILER-DAEMON@mx.example.ru>",
    `To: ${verp}`,
    "Subject: Undelivered Mail Returned to Sender",
    "Date: Mon, 2 Nov 2026 10:00:00 +0300",
    "Message-ID: <dsn-1@mx.example.ru>",
    "Auto-Submitted: auto-replied",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
    "",
    "--b1",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Your message could not be delivered.",
    "",
    "--b1",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.example.ru",
    "",
    `Final-Recipient: rfc822; ${author}`,
    "Action: failed",
    "Status: 5.1.1",
    "Diagnostic-Code: smtp; 550 5.1.1 <citizen@example.ru>: Recipient address rejected: User unknown",
    "",
    "--b1",
    "Content-Type: text/rfc822-headers",
    "",
    `Message-ID: ${messageId}`,
    `To: ${author}`,
    "Subject: Answer",
    "",
    "--b1--",
  ]);
}

function citizenReply(inReplyTo: string, pdf: Buffer): Buffer {
  const base64 = pdf.toString("base64").replace(/.{76}/g, "$&\r\n");
  return eml([
    `From: Анна Иванова <${author}>`,
    "To: appeals@example.ru",
    "Subject: Re: Ответ на обращение",
    "Date: Mon, 2 Nov 2026 11:00:00 +0300",
    "Message-ID: <reply-1@example.ru>",
    `In-Reply-To: ${inReplyTo}`,
    `References: ${inReplyTo}`,
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="b2"',
    "",
    "--b2",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    "Спасибо за ответ. Прилагаю схему полей, прошу уточнить дату.",
    "",
    "--b2",
    'Content-Type: application/pdf; name="fields.pdf"',
    'Content-Disposition: attachment; filename="fields.pdf"',
    "Content-Transfer-Encoding: base64",
    "",
    base64,
    "--b2--",
  ]);
}

function outOfOffice(inReplyTo: string): Buffer {
  return eml([
    `From: Анна Иванова <${author}>`,
    "To: appeals@example.ru",
    "Subject: Автоответ: нет на месте до 10 ноября",
    "Date: Mon, 2 Nov 2026 11:05:00 +0300",
    "Message-ID: <ooo-1@example.ru>",
    `In-Reply-To: ${inReplyTo}`,
    "Auto-Submitted: auto-replied",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    "Я в отпуске до 10 ноября.",
  ]);
}

function strangersMessage(): Buffer {
  return eml([
    `From: Пётр Сидоров <${stranger}>`,
    "To: appeals@example.ru",
    "Subject: Вопрос о ценах на анализ почвы",
    "Date: Mon, 2 Nov 2026 12:00:00 +0300",
    "Message-ID: <stranger-1@example.org>",
    "Content-Type: text/html; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    '<p>Здравствуйте! Сколько стоит анализ почвы?<img src="https://tracker.example/x.png"></p><script>alert(1)</script>',
  ]);
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function at320(page: Page, what: string) {
  await page.setViewportSize({ width: 320, height: 640 });
  assert.equal(await sideways(page), 0, `${what} at 320 px`);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Mails that reached `to` with a subject starting so. */
const mailsTo = (smtp: TestSmtpServer, to: string, subject: string) =>
  smtp.received.filter(
    (mail) => mail.envelopeTo.includes(to) && (mail.subject ?? "").startsWith(subject),
  );

describe("the mailbox in the browser", () => {
  let smtp: TestSmtpServer;
  let dovecot: DovecotProcess;
  let site: RunningSite;
  let browser: Browser;
  before(async () => {
    smtp = await createTestSmtpServer();
    dovecot = await startDovecot([mailboxUser]);
    site = await startMailboxSite(smtp, dovecot.imapUrl(mailboxUser));
    browser = await launchBrowser();
    await addAccount(site, "galina", { role: "head" });
    await addAccount(site, "rita", { role: "registrar" });
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await dovecot?.stop();
    await smtp?.stop();
  });

  /** Puts messages in the mailbox and waits until the server has read and moved every one. */
  async function deliver(raw: Buffer) {
    await dovecot.append(mailboxUser, raw);
    await until("the mailbox read", async () => (await dovecot.count(mailboxUser, "INBOX")) === 0);
  }

  test("a bounce, the letter, a follow-up, an out-of-office reply and an unmatched message", async () => {
    const appeal = await submitAppeal(site, { email: author });
    const head = await signedInPage(browser, site, "galina");
    const { page } = head;
    const appealUrl = `${site.baseUrl}/staff/appeals/${appeal.id}`;
    try {
      // The answer, sent from the page; it leaves with the VERP sender naming its delivery.
      await page.goto(appealUrl);
      await page.getByRole("form", { name: "Зарегистрировать" }).getByRole("button").click();
      await page.getByTestId("appeal-state").getByText("Зарегистрировано").waitFor();
      const form = page.getByRole("form", { name: "Ответ гражданину" });
      await form.getByLabel("Текст ответа").fill(answerText);
      await form.getByLabel("Исходящий номер").fill("01-12/345");
      await form.getByRole("button", { name: "Отправить ответ" }).click();
      await page.getByTestId("appeal-state").getByText("Дан ответ").waitFor();
      await until(
        "the answer sent",
        async () => mailsTo(smtp, author, "Ответ на обращение").length === 1,
      );
      const [answerMail] = mailsTo(smtp, author, "Ответ на обращение");
      assert.ok(answerMail?.messageId);
      const verp = answerMail.envelopeFrom as string;
      assert.match(verp, /^bounces\+\d+@example\.ru$/);
      await until(
        "the acknowledgement sent",
        async () => mailsTo(smtp, author, "Обращение №").length === 1,
      );

      // Its delivery report comes back to the VERP address: «не доставлено» within a minute.
      await dovecot.append(mailboxUser, deliveryReport(verp, answerMail.messageId));
      await until("the bounce shown", async () => {
        await page.goto(appealUrl);
        return (await page.getByTestId("answer-undelivered").count()) === 1;
      });
      assert.match(
        (await page.getByTestId("answer-undelivered").textContent()) ?? "",
        /^нет такого адреса, \d{2}\.\d{2}\.\d{4}$/,
      );
      assert.match(
        (await page.getByTestId("answer-mail-status").textContent()) ?? "",
        /не доставлено: нет такого адреса \(5\.1\.1\)/,
      );
      await page.getByRole("form", { name: "Отправить повторно" }).waitFor();
      await assertAccessible(page);
      await assertNoScripts(page);

      // Heads are told on the list.
      await page.goto(`${site.baseUrl}/staff`);
      assert.match(
        (await page.getByTestId("undelivered-answers").textContent()) ?? "",
        /Ответ не доставлен: 1/,
      );

      // «Отправить по почте»: the letter, printable on A4 without the staff frame.
      await page.goto(appealUrl);
      await page.getByRole("link", { name: "Отправить по почте" }).first().click();
      await page.waitForURL(/\/letter$/);
      const letter = page.getByTestId("answer-letter");
      assert.ok(((await page.getByTestId("letter-text").textContent()) ?? "").includes(answerText));
      assert.match((await page.getByTestId("letter-outgoing").textContent()) ?? "", /№ 01-12\/345/);
      assert.match(
        (await page.getByTestId("letter-addressee").textContent()) ?? "",
        /Иванова Анна/,
      );
      await assertAccessible(page);
      await at320(page, "the letter");
      await page.emulateMedia({ media: "print" });
      assert.equal(
        await page.locator(".staff-header").isVisible(),
        false,
        "no staff header on paper",
      );
      assert.equal(await page.locator(".answer-letter-no-print").first().isVisible(), false);
      assert.equal(await letter.isVisible(), true);
      const pdf = await page.pdf({ format: "A4" });
      assert.ok(pdf.length > 1000, "the letter prints");
      await page.emulateMedia({ media: "screen" });

      // «Отправить повторно» to a corrected address, with the reason: a new mail, audited.
      await page.goto(appealUrl);
      const resend = page.getByRole("form", { name: "Отправить повторно" });
      await resend.getByLabel("Исправленный адрес электронной почты").fill("anna.new@example.ru");
      await resend
        .getByLabel("Причина исправления")
        .fill("Гражданка сообщила верный адрес по телефону.");
      await resend.getByRole("button", { name: "Отправить повторно" }).click();
      await page
        .getByText(
          /ответ отправлен повторно на исправленный адрес: anna\.new@example\.ru; причина: Гражданка/,
        )
        .waitFor();
      await until(
        "the answer resent",
        async () => mailsTo(smtp, "anna.new@example.ru", "Ответ на обращение").length === 1,
      );

      // The citizen's reply with a PDF: a follow-up linked to the first, acknowledged once.
      const firstAcks = mailsTo(smtp, author, "Обращение №").length;
      await deliver(citizenReply(answerMail.messageId, await readFile(letterPath)));
      let followUpId = "";
      await until("the follow-up registered", async () => {
        const rows = await site.data.appeals.list();
        followUpId = rows.find((row) => row.id !== appeal.id)?.id ?? "";
        return followUpId !== "";
      });
      await page.goto(`${site.baseUrl}/staff/appeals/${followUpId}`);
      assert.match(
        (await page.getByTestId("follow-up-of").textContent()) ?? "",
        new RegExp(`Повторное обращение к ${appeal.number}`),
      );
      await page.getByTestId("appeal-files").getByRole("link", { name: "fields.pdf" }).waitFor();
      await assertAccessible(page);
      await until(
        "the follow-up acknowledged",
        async () => mailsTo(smtp, author, "Обращение №").length === firstAcks + 1,
      );

      // An out-of-office reply: read, and nothing changes.
      const stateBefore = await page
        .goto(appealUrl)
        .then(() => page.getByTestId("appeal-state").textContent());
      await deliver(outOfOffice(answerMail.messageId));
      assert.equal((await site.data.appeals.list()).length, 2, "no new appeal");
      await page.goto(appealUrl);
      assert.equal(await page.getByTestId("appeal-state").textContent(), stateBefore);
      assert.equal(mailsTo(smtp, author, "Обращение №").length, firstAcks + 1, "acknowledged once");

      // A stranger's message waits in «Письма без обращения»; a registrar registers it.
      await deliver(strangersMessage());
    } finally {
      await head.close();
    }
    const registrar = await signedInPage(browser, site, "rita");
    try {
      const mail = registrar.page;
      const menu = mail.getByRole("navigation", { name: "Реестр" });
      assert.equal(await menu.getByTestId("menu-mail").textContent(), "Письма без обращения (1)");
      await menu.getByTestId("menu-mail").click();
      await mail.getByRole("heading", { level: 1, name: "Письма без обращения" }).waitFor();
      await assertAccessible(mail);
      await mail.getByRole("link", { name: "Вопрос о ценах на анализ почвы" }).click();
      const text = (await mail.getByTestId("mail-text").textContent()) ?? "";
      assert.match(text, /Сколько стоит анализ почвы\?/);
      assert.doesNotMatch(text, /<script>|<p>/, "HTML reduced to text");
      const register = mail.getByRole("form", { name: "Зарегистрировать как обращение" });
      assert.equal(await register.getByLabel("Имя").inputValue(), "Пётр");
      assert.equal(await register.getByLabel("Фамилия").inputValue(), "Сидоров");
      assert.equal(await register.getByLabel("Электронная почта").inputValue(), stranger);
      await assertAccessible(mail);
      await assertNoScripts(mail);
      await at320(mail, "a waiting message");
      // A follow-up of a number the registry does not hold is refused with the field named.
      await register.getByLabel("Повторное обращение к").fill("А-1999-000001");
      await register.getByRole("button", { name: "Зарегистрировать" }).click();
      await mail
        .getByRole("alert")
        .getByText(/обращения А-1999-000001 в реестре нет/)
        .waitFor();
      await register.getByLabel("Повторное обращение к").fill("");
      await register.getByRole("button", { name: "Зарегистрировать" }).click();
      await mail.waitForURL(/\/staff\/appeals\/[0-9a-f-]+$/);
      await mail.getByTestId("appeal-channel").waitFor();
      assert.match((await mail.getByTestId("appeal-state").textContent()) ?? "", /Новое/);
      await until(
        "the stranger acknowledged",
        async () => mailsTo(smtp, stranger, "Обращение №").length === 1,
      );
      await mail.goto(`${site.baseUrl}/staff/mail`);
      await mail.getByTestId("mail-none").waitFor();
      assert.equal(await menu.getByTestId("menu-mail").textContent(), "Письма без обращения");
    } finally {
      await registrar.close();
    }
  });
});
