// A citizen's files with the appeal form in Chromium, with JavaScript and without, on SQLite
// (issue 30, decision 0045): a PDF and a JPEG stored byte for byte and downloaded by staff from the
// appeal's page; an executable named .pdf, a sixth file and 10 MB + 1 refused with the message
// naming the file, the answers kept, nothing stored; an appeal without files still the seed's JSON.
// One browser, one site on SQLite, and a head signed in (decision 0051: browser flows run once).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { appealFileMessages } from "../../domain/appeals/appeal-files.ts";
import {
  pdfOfSize,
  sampleExecutable,
  sampleJpeg,
  samplePdf,
  sha256,
} from "../support/appeal-files.ts";
import { fileOnDisk } from "../support/file-on-disk.ts";
import { browserStores, type TestDatabase } from "../support/test-databases.ts";
import {
  type Appeal,
  fieldMessages,
  fillAppeal,
  formValues,
  holdApi,
  openAppeals,
  sampleAppeal,
  submitAndSeeRequest,
  submitButton,
} from "./appeal-form-page.ts";
import { launchBrowser, type RunningSite, startSite, type WatchedPage } from "./harness.ts";
import { addAccount, assertFilesDownload, signedInPage } from "./staff-pages.ts";

type UploadFile = { name: string; mimeType: string; buffer: Buffer };

const pdf = { name: "Анализ почвы.pdf", mimeType: "application/pdf", buffer: samplePdf };
const photo = { name: "поле.jpg", mimeType: "image/jpeg", buffer: sampleJpeg };
const renamedExe = { name: "отчёт.pdf", mimeType: "application/pdf", buffer: sampleExecutable };
const sixFiles = [1, 2, 3, 4, 5, 6].map((n) => ({ ...pdf, name: `${n}.pdf` }));
// On disk: Playwright hands Chromium its path rather than 10 MB in base64 (file-on-disk.ts).
const oversize = fileOnDisk("большой.pdf", pdfOfSize(10 * 1024 * 1024 + 1));

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser?.close());

for (const kind of browserStores) {
  describe(`appeal files (${kind.name})`, { concurrency: false }, () => {
    const env = {} as { site: RunningSite; browser: Browser; database: TestDatabase };
    let staff: WatchedPage;
    before(async () => {
      env.browser = browser;
      env.database = await kind.create();
      env.site = await startSite({ databaseUrl: env.database.url });
      await addAccount(env.site, "olga");
      staff = await signedInPage(browser, env.site, "olga");
    });
    after(async () => {
      await staff?.close();
      await env.site?.close();
      await env.database?.drop();
    });

    test("with JavaScript: a wrong type, a sixth file and 10 MB + 1 refused before sending; a PDF and a JPEG listed, sent in one multipart request, stored and downloaded by staff; an appeal without files the seed's JSON", async () => {
      const watched = await openAppeals(env);
      const { page } = watched;
      const appeal = sampleAppeal();
      const input = page.getByLabel("Файлы (необязательно)");
      const listed = () => page.locator(".appeal-form__files li").allTextContents();
      try {
        await fillAppeal(page, appeal);
        await input.setInputFiles([{ ...renamedExe, name: "программа.exe" }]);
        await page.locator("#files-error").waitFor();
        assert.deepEqual(await fieldMessages(page), {
          files: appealFileMessages.wrongName("программа.exe"),
        });
        assert.deepEqual(await listed(), []);
        for (const [files, message] of [
          [sixFiles, appealFileMessages.tooManyWith("6.pdf")],
          [[oversize], appealFileMessages.tooLargeWith("большой.pdf")],
        ] as const) {
          await input.setInputFiles(files);
          await page.locator("#files-error", { hasText: message }).waitFor();
          assert.deepEqual(await listed(), []);
        }

        await input.setInputFiles([pdf, photo]);
        await input.setInputFiles([{ ...pdf, name: "лишний.pdf" }]);
        const remove = page.getByRole("button", { name: "Убрать файл «лишний.pdf»" });
        await remove.waitFor();
        assert.deepEqual(await fieldMessages(page), {});
        await remove.click();
        assert.deepEqual(await listed(), [
          "Анализ почвы.pdf (1 КБ) Убрать",
          "поле.jpg (1 КБ) Убрать",
        ]);

        const hold = await holdApi(page);
        const request = await submitAndSeeRequest(page);
        assert.match((await request.allHeaders())["content-type"] ?? "", /^multipart\/form-data/);
        assert.equal(await submitButton(page).isDisabled(), true);
        assert.equal(await page.locator("form.appeal-form button .spinner").isVisible(), true);
        // The upload's progress is shown while the appeal is sent (the body is sent: the
        // answer is held).
        await page.getByRole("progressbar", { name: "Отправка файлов" }).waitFor();
        hold.release();
        await page.locator(".form-status__message--success").waitFor();
        assert.deepEqual(await listed(), [], "the list is cleared with the form");
        assert.equal(await page.getByRole("progressbar").count(), 0, "no progress once answered");
        await assertStoredAndDownloaded(env.site, staff.page, appeal.email, [pdf, photo]);

        // Without files: the seed's JSON request, as before the files came.
        const plain = sampleAppeal();
        await fillAppeal(page, plain);
        const json = await submitAndSeeRequest(page);
        assert.equal((await json.allHeaders())["content-type"], "application/json");
        assert.deepEqual(JSON.parse(json.postData() ?? "null"), plain);
        const answer = await json.response();
        assert.equal(answer?.status(), 201);
        const body = await answer?.json();
        assert.deepEqual(Object.keys(body).sort(), ["acknowledged", "id", "number"]);
        assert.equal(body.id, (await storedAppeal(env.site, plain.email)).id);
        await page.locator(".form-status__message--success").waitFor();
        assert.equal(watched.apiRequests.length, 2);
        assert.deepEqual(watched.consoleErrors, []);
      } finally {
        await watched.close();
      }
    });

    test("without JavaScript: an executable named .pdf, then a PDF and a JPEG stored, named and downloaded; a sixth file and 10 MB + 1 refused, the answers kept, nothing stored", async () => {
      const watched = await openAppeals(env, { javaScriptEnabled: false });
      const { page } = watched;
      const appeal = sampleAppeal();
      try {
        await assertRefused(env.site, page, appeal, [renamedExe, photo], 415, [
          "wrongType",
          "отчёт.pdf",
        ]);

        // The answers came back in the form: the files are chosen again and sent.
        await page.getByLabel("Файлы (необязательно)").setInputFiles([pdf, photo]);
        const stored = page.waitForResponse((answer) => answer.request().method() === "POST");
        await submitButton(page).click();
        assert.equal((await stored).status(), 200);
        await page.waitForLoadState();
        assert.match(
          (await page.locator(".form-status__message--success").textContent()) ?? "",
          /Получено файлов: 2 \(«Анализ почвы\.pdf», «поле\.jpg»\)/,
        );
        await assertStoredAndDownloaded(env.site, staff.page, appeal.email, [pdf, photo]);

        await assertRefused(env.site, page, sampleAppeal(), sixFiles, 413, [
          "tooManyWith",
          "6.pdf",
        ]);
        await assertRefused(env.site, page, sampleAppeal(), [oversize], 413, [
          "tooLargeWith",
          "большой.pdf",
        ]);
        assert.equal(watched.apiRequests.length, 0);
      } finally {
        await watched.close();
      }
    });
  });
}

async function storedAppeal(site: RunningSite, email: string) {
  const row = (await site.data.appeals.list()).find((stored) => stored.email === email);
  assert.ok(row, "the appeal is in the store");
  return row;
}

/**
 * The form without JavaScript, filled with `appeal` and `files`, posted: refused with `status`
 * and the message naming the file under the field, the answers kept, nothing stored.
 */
async function assertRefused(
  site: RunningSite,
  page: Page,
  appeal: Appeal,
  files: readonly UploadFile[] | readonly string[],
  status: number,
  [message, fileName]: ["wrongType" | "tooManyWith" | "tooLargeWith", string],
) {
  await fillAppeal(page, appeal);
  await page.getByLabel("Файлы (необязательно)").setInputFiles(files);
  const refused = page.waitForResponse((answer) => answer.request().method() === "POST");
  await submitButton(page).click();
  assert.equal((await refused).status(), status);
  await page.waitForLoadState();
  assert.deepEqual(await fieldMessages(page), { files: appealFileMessages[message](fileName) });
  assert.deepEqual(await formValues(page), appeal);
  const stored = await site.data.appeals.list();
  assert.equal(
    stored.some((row) => row.email === appeal.email),
    false,
  );
}

/**
 * The appeal from this address is stored with exactly these files, byte for byte, and a head
 * downloads each from the appeal's staff page with the same bytes.
 */
async function assertStoredAndDownloaded(
  site: RunningSite,
  staff: Page,
  email: string,
  files: readonly UploadFile[],
) {
  const row = await storedAppeal(site, email);
  const kept = await site.data.attachments.listOf({ kind: "appeal", id: row.id });
  const read = await Promise.all(kept.map((file) => site.data.attachments.read(row.id, file.id)));
  assert.deepEqual(
    read.map((file) => sha256(file?.content ?? Buffer.alloc(0))),
    files.map((file) => sha256(file.buffer)),
  );
  await staff.goto(`${site.baseUrl}/staff/appeals/${row.id}`);
  await assertFilesDownload(staff, files);
}
