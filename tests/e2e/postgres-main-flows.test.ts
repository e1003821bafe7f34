// The service's main flows in Chromium on PostgreSQL, once each (issue 39): the other browser
// files run on SQLite, and store parity is the data layer's contract tests' job; this file is the
// one that walks a PostgreSQL site end to end, with its mail going to a real SMTP server. A
// citizen sends an appeal with two files from /appeals (JavaScript on): the number is shown, the
// handlers' notice and the citizen's acknowledgement arrive, the appeal and its files are rows of
// the PostgreSQL schema. A head registers it and assigns it; the executor drafts the answer with a
// signed letter; the head approves it: the citizen's answer mail carries the text and the letter,
// the registry lists the appeal answered, and the head downloads the citizen's files byte for
// byte. An editor's new salary on /vacancies waits for a head, then is served. The citizen's
// status page shows the appeal answered and refuses a wrong e-mail and an unknown number alike.
// One site, one Chromium, one context per person, kept from step to step. Needs the build.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { Browser } from "playwright-core";
import { statusMessages } from "../../domain/appeals/appeal-status.ts";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { developmentSiteUrl } from "../../server/config-addresses.ts";
import { statusPageUrl } from "../../server/mail/acknowledgement-mail.ts";
import { sampleJpeg, samplePdf, sha256 } from "../support/appeal-files.ts";
import { createPostgresDatabase, type TestDatabase } from "../support/test-databases.ts";
import {
  createTestSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
  testMailConfig,
} from "../support/test-smtp-server.ts";
import { apiPath, fillAppeal, sampleAppeal, submitButton } from "./appeal-form-page.ts";
import {
  launchBrowser,
  openPage,
  type RunningSite,
  startSite,
  type WatchedPage,
} from "./harness.ts";
import { headApproves } from "./site-editor-checks.ts";
import { addAccount, assertFilesDownload, signedInPage, signIn } from "./staff-pages.ts";

const handlers = "priemnaya@example.ru";
const citizenFiles = [
  { name: "Анализ почвы.pdf", mimeType: "application/pdf", buffer: samplePdf },
  { name: "поле.jpg", mimeType: "image/jpeg", buffer: sampleJpeg },
];
const letterPath = fileURLToPath(new URL("../fixtures/answer-letter.pdf", import.meta.url));
const answerText = "Обследование полей назначено на май, стоимость — по прайсу.";
const outgoingNumber = "01-12/345";
const oldSalary = "45\u00a0000\u00a0₽ в\u00a0месяц на\u00a0руки";
const newSalary = "50\u00a0000\u00a0₽ в\u00a0месяц на\u00a0руки";
/** How long a mail may take to arrive on a loaded machine. */
const mailWaitMs = 30_000;

/** A mail's attachment as bytes, whichever form the parser gave it in. */
const bytesOf = (content: ArrayBuffer | Uint8Array | string | undefined) =>
  typeof content === "string"
    ? Buffer.from(content)
    : new Uint8Array(content ?? new ArrayBuffer(0));

/** The steps share the appeal and run in order; a hang fails the file rather than the suite. */
const inOrder = { concurrency: false, timeout: 240_000 };

describe("the main flows in Chromium on PostgreSQL", inOrder, () => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let site: RunningSite;
  let browser: Browser;
  const people = {} as Record<"citizen" | "executor" | "head" | "editor", WatchedPage>;
  /** The citizen's appeal, once step 1 has stored it. */
  let appeal: { id: string; number: string; email: string } | undefined;

  before(async () => {
    database = await createPostgresDatabase();
    smtp = await createTestSmtpServer();
    site = await startSite({ databaseUrl: database.url, mail: testMailConfig(smtp) });
    browser = await launchBrowser();
    await addAccount(site, "galina", { role: "head" });
    await addAccount(site, "ivan", { role: "executor" });
    // The site's pages name their editor: headApproves looks for elena's edition.
    await addAccount(site, "elena", { role: "editor" });
    people.citizen = await openPage(browser);
    // One sign-in at a time: the server checks one password per address at once (decision 0014).
    people.head = await signedInPage(browser, site, "galina");
    people.executor = await signedInPage(browser, site, "ivan");
    people.editor = await openPage(browser);
    await signIn(people.editor.page, site.baseUrl, "elena");
    await people.editor.page.waitForURL(/\/staff\/site$/);
  });
  after(async () => {
    for (const person of Object.values(people)) await person.close();
    await browser?.close();
    await site?.close();
    await smtp?.stop();
    await database?.drop();
  });

  /** The first mail that `matches`, waiting for more to arrive until it has. */
  async function mailWhere(what: string, matches: (mail: ReceivedMail) => boolean) {
    for (;;) {
      const mail = smtp.received.find(matches);
      if (mail) return mail;
      await smtp.waitForMail(smtp.received.length + 1, mailWaitMs).catch((error: Error) => {
        const subjects = smtp.received.map((received) => received.subject);
        throw new Error(`${what}: ${error.message}; received ${JSON.stringify(subjects)}`);
      });
    }
  }

  /** SQL on the site's schema through a client of its own, not the site's data layer. */
  async function postgresRows(sql: string, params: unknown[]) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  }

  const stored = () => {
    assert.ok(appeal, "the appeal of step 1");
    return appeal;
  };
  const appealPage = () => `${site.baseUrl}/staff/appeals/${stored().id}`;

  test("a citizen's appeal with two files: the number shown, both mails out, the rows in PostgreSQL", async () => {
    assert.equal(site.data.kind, "postgres", "the site runs on PostgreSQL");
    const { page, consoleErrors } = people.citizen;
    const typed = sampleAppeal();
    await page.goto(`${site.baseUrl}/appeals`);
    await page.locator("form.appeal-form[data-enhanced]").waitFor();
    await fillAppeal(page, typed);
    await page.getByLabel("Файлы (необязательно)").setInputFiles(citizenFiles);
    await page.getByRole("button", { name: "Убрать файл «поле.jpg»" }).waitFor();
    const answered = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === apiPath && response.request().method() === "POST",
    );
    await submitButton(page).click();
    const response = await answered;
    assert.match(
      (await response.request().allHeaders())["content-type"] ?? "",
      /^multipart\/form-data/,
    );
    assert.equal(response.status(), 201);
    const { id, number, acknowledged } = (await response.json()) as {
      id: string;
      number: string;
      acknowledged: boolean;
    };
    assert.match(number, /^А-\d{4}-\d{6}$/);
    assert.equal(acknowledged, true);
    appeal = { id, number, email: typed.email };
    const success = page.locator(".form-status__message--success");
    await success.waitFor();
    assert.match(
      (await success.textContent()) ?? "",
      new RegExp(`^Обращение успешно отправлено\\s*Регистрационный номер: ${number}`),
    );
    assert.deepEqual(consoleErrors, []);

    const notice = await mailWhere("the handlers' notice", (mail) =>
      mail.envelopeTo.includes(handlers),
    );
    assert.equal(notice.subject, `Новое обращение гражданина № ${number}`);
    assert.deepEqual(notice.envelopeTo, [handlers]);
    assert.ok(notice.text?.includes(`Электронная почта: ${typed.email}`), notice.text);
    assert.ok(notice.text?.includes(typed.comment), "the appeal's text");
    assert.ok(
      notice.text?.includes(
        `Файлы гражданина (2):\n— Анализ почвы.pdf (1 КБ)\n— поле.jpg (1 КБ)\nФайлы к письму не приложены: скачайте их на странице обращения ${developmentSiteUrl}/staff/appeals/${id}`,
      ),
      notice.text,
    );
    assert.equal(notice.attachments.length, 0, "no file goes with the mail");

    const acknowledgement = await mailWhere("the citizen's acknowledgement", (mail) =>
      mail.envelopeTo.includes(typed.email),
    );
    assert.equal(acknowledgement.subject, `Обращение № ${number} получено`);
    assert.deepEqual(acknowledgement.envelopeTo, [typed.email]);
    assert.match(acknowledgement.text ?? "", /Вместе с ним получено файлов: 2\./);
    assert.ok(
      acknowledgement.text?.includes(statusPageUrl(developmentSiteUrl, number)),
      "the status page's link",
    );
    assert.ok(!acknowledgement.text?.includes("Анализ"), "no file's name to the address typed");

    // The rows themselves, read from the schema by a client of our own.
    const [row] = await postgresRows("SELECT number, email, comment FROM appeals WHERE id = $1", [
      id,
    ]);
    assert.deepEqual(row, { number, email: typed.email, comment: typed.comment });
    const files = await postgresRows(
      "SELECT file_name, content FROM attachments WHERE appeal_id = $1 AND owner_kind = 'appeal' ORDER BY position",
      [id],
    );
    assert.deepEqual(
      files.map((file) => [file.file_name, sha256(file.content)]),
      citizenFiles.map((file) => [file.name, sha256(file.buffer)]),
    );
  });

  test("registered, assigned, drafted with a letter, approved: the citizen's answer mail, the registry, the files", async () => {
    const { id, number, email } = stored();
    const head = people.head.page;
    await head.goto(appealPage());
    await head.getByRole("form", { name: "Зарегистрировать" }).getByRole("button").click();
    await head.getByTestId("appeal-state").getByText("Зарегистрировано").waitFor();
    const assign = head.getByRole("form", { name: "Назначить исполнителя" });
    await assign.getByLabel("Исполнитель").selectOption("ivan");
    await assign.getByRole("button").click();
    await head.getByTestId("assignee").getByText("ivan").waitFor();

    const executor = people.executor.page;
    await executor.goto(`${site.baseUrl}/staff`);
    await executor.getByRole("link", { name: number }).click();
    const form = executor.getByRole("form", { name: "Ответ гражданину" });
    await form.getByLabel("Текст ответа").fill(answerText);
    await form.getByLabel("Исходящий номер").fill(outgoingNumber);
    await form.getByLabel("Вложения").setInputFiles(letterPath);
    await form.getByRole("button", { name: "Передать на согласование" }).click();
    await executor.getByRole("heading", { name: "Проект ответа: на согласовании" }).waitFor();
    // Nothing goes to the citizen before the head's approval: no mail is even queued.
    assert.equal((await site.data.answers.ofAppeal(id))?.state, "awaiting_approval");
    assert.equal(await site.data.deliveries.statusOf(id, "appeal-answer"), undefined);

    await head.goto(appealPage());
    await head.getByRole("form", { name: "Утвердить и отправить" }).getByRole("button").click();
    await head.getByTestId("appeal-state").getByText("Дан ответ").waitFor();

    const letter = await readFile(letterPath);
    const mail = await mailWhere("the answer", (sent) =>
      Boolean(sent.subject?.startsWith(`Ответ на обращение № ${number}`)),
    );
    assert.deepEqual(mail.envelopeTo, [email]);
    assert.match(
      mail.subject ?? "",
      new RegExp(`^Ответ на обращение № ${number} от \\d\\d\\.\\d\\d\\.\\d{4}$`),
    );
    assert.ok(mail.text?.includes(answerText), mail.text);
    assert.match(mail.text ?? "", /Исх\. № 01-12\/345 от/);
    assert.deepEqual(
      mail.attachments.map((file) => [file.filename, file.mimeType]),
      [["answer-letter.pdf", "application/pdf"]],
    );
    assert.equal(sha256(bytesOf(mail.attachments[0]?.content)), sha256(letter), "the letter");
    const [answer] = await postgresRows(
      "SELECT state, text, outgoing_number FROM appeal_answers WHERE appeal_id = $1",
      [id],
    );
    assert.deepEqual(answer, { state: "sent", text: answerText, outgoing_number: outgoingNumber });

    await head.goto(`${site.baseUrl}/staff`);
    await head.getByRole("row").filter({ hasText: number }).getByText("Дан ответ").waitFor();
    await head.goto(appealPage());
    await assertFilesDownload(head, citizenFiles);
    for (const person of [people.head, people.executor]) {
      assert.deepEqual(person.consoleErrors, []);
    }
  });

  test("an editor's new salary waits for a head; approved, the server serves it", async () => {
    const editor = people.editor.page;
    const vacancies = async () => {
      const response = await fetch(`${site.baseUrl}/vacancies`);
      return { html: await response.text(), etag: response.headers.get("etag") };
    };
    const before = await vacancies();
    assert.ok(before.html.includes(oldSalary));
    await editor.getByRole("link", { name: "Вакансии" }).click();
    await editor.locator("#vacancy-0-salary").fill("50000");
    await editor.getByRole("button", { name: "Передать на согласование" }).click();
    await editor.getByText("Передано на согласование руководителю").waitFor();
    const waiting = await vacancies();
    assert.equal(waiting.html, before.html, "nothing changes publicly before approval");
    assert.equal(waiting.etag, before.etag);

    await headApproves(people.head.page, site.baseUrl, "Вакансии");
    const published = await vacancies();
    assert.ok(published.html.includes(newSalary), "the new salary, without a restart");
    assert.ok(!published.html.includes(oldSalary));
    assert.notEqual(published.etag, before.etag, "a new ETag");
    const visitor = people.citizen.page;
    await visitor.goto(`${site.baseUrl}/vacancies`);
    assert.ok(
      (await visitor.locator(".vacancy__salary").allTextContents()).includes(newSalary),
      "the visitor's browser shows the new salary",
    );
    assert.deepEqual(people.editor.consoleErrors, []);
  });

  test("the citizen's status page: answered, on the day; a wrong e-mail and an unknown number refused alike", async () => {
    const { number, email } = stored();
    const { page, consoleErrors } = people.citizen;
    /** The status page's form, filled and sent as a person would; it needs no script. */
    const lookUp = async (typedNumber: string, typedEmail: string) => {
      await page.getByRole("heading", { name: "Состояние обращения", level: 1 }).waitFor();
      await page.getByLabel("Номер обращения").fill(typedNumber);
      await page.getByLabel("Адрес электронной почты").fill(typedEmail);
      await page.getByRole("button", { name: "Узнать состояние" }).click();
    };

    // Found from /appeals, as a visitor finds it.
    await page.goto(`${site.baseUrl}/appeals`);
    await page.getByRole("link", { name: "Узнать его состояние" }).click();
    await lookUp(number, email);
    await page.getByRole("heading", { name: `Обращение № ${number}` }).waitFor();
    assert.equal(await page.getByTestId("status-state").textContent(), "Дан ответ");
    const found = (await page.locator("section.appeal-status").textContent()) ?? "";
    const today = formatRussianDate(kirovIsoDate(new Date()));
    assert.match(found, new RegExp(`Ответ отправлен\\s*${today.replaceAll(".", "\\.")}`));
    assert.doesNotMatch(found, /Срок ответа/);
    assert.ok(!found.includes(answerText), "never the answer's text");

    for (const [typedNumber, typedEmail] of [
      [number, "other@example.ru"],
      ["А-2026-999999", email],
    ] as const) {
      // A fresh page each time: two refusals look alike, and the second must not be the first.
      await page.goto(`${site.baseUrl}/appeals/status`);
      await lookUp(typedNumber, typedEmail);
      await page.getByText(statusMessages.notFound).waitFor();
      assert.equal(await page.getByRole("alert").textContent(), statusMessages.notFound);
      assert.equal(await page.getByTestId("status-state").count(), 0);
    }
    assert.deepEqual(consoleErrors, []);
  });
});
