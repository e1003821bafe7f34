// The documents of /documents and the blank forms of /applications edited by staff, in Chromium,
// on SQLite (decisions 0036, 0051): an editor uploads a PDF without tags, is warned in words, and
// submits; nothing changes publicly; a head approves; /documents links the new file, which
// downloads byte for byte with its name, ETag and a year's caching, and the old address still
// answers. An executable named .pdf, a file of 20 MB + 1 byte and a DOCX given as a form's PDF are
// refused in words and nothing is stored. A head publishes new blank forms at once, and a new
// picture of the organisation chart with its words (a PDF is refused there), and the contacts'
// requisites file. Registrars,
// executors, admins and visitors reach no editing page. Needs the build.
import assert from "node:assert/strict";
import { createHash, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { siteFileLimits } from "../../domain/site-content/site-files.ts";
import { fileOnDisk } from "../support/file-on-disk.ts";
import { testPasswordHash } from "../support/staff-fixtures.ts";
import { StaffHttpBrowser } from "../support/staff-http.ts";
import { browserStores } from "../support/test-databases.ts";
import { downloadedBytes, openPage } from "./harness.ts";
import {
  assertEditorSound,
  assertHistoryShows,
  assertPublicPageSound,
  assertValidHtml,
  browserForTests,
  editingSiteForTests,
  editorPageHtml,
  headApproves,
} from "./site-editor-checks.ts";
import { staffPassword } from "./staff-pages.ts";

/** A one-page PDF with no tags and no language, unique to this run. */
function untaggedPdf(): Buffer {
  return Buffer.from(
    [
      "%PDF-1.4",
      `% ${randomUUID()}`,
      "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
      "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
      "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj",
      "trailer << /Root 1 0 R >>",
      "%%EOF",
      "",
    ].join("\n"),
    "latin1",
  );
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const pdf = (name: string, buffer: Buffer) => ({ name, mimeType: "application/pdf", buffer });

/** Posts the editor's form by `button` and waits for the server's answer to the POST. */
async function postEditor(page: Page, button: string) {
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: button, exact: true }).click();
  return answer;
}

/** Pages for the HTML checker, in one run at the end. */
const pages: { name: string; html: string }[] = [];

const env = browserForTests();

for (const kind of browserStores) {
  describe(`documents and blank forms edited by staff (${kind.name})`, {
    concurrency: false,
  }, () => {
    const editing = editingSiteForTests(env, kind);
    const publicHtml = async (path: string) =>
      (await fetch(`${editing.site.baseUrl}${path}`)).text();

    test("refused uploads say why in words and store nothing", async () => {
      const { site, editor } = editing;
      await editor.getByRole("link", { name: "Документы" }).click();
      await editor.getByRole("heading", { name: "Документы" }).waitFor();
      await assertEditorSound(editor);

      const executable = await readFile("/usr/bin/true");
      await editor.locator("#r0-0-href-upload").setInputFiles(pdf("ustav.pdf", executable));
      const wrongType = await postEditor(editor, "Сохранить черновик");
      assert.equal(wrongType.status(), 415);
      await editor
        .getByRole("alert")
        .getByText(
          "Файл «ustav.pdf» не принят: по содержимому это не PDF, DOCX, XLSX, ODT, ODS, JPEG, PNG или WEBP. Ничего не сохранено.",
        )
        .waitFor();

      const large = Buffer.alloc(siteFileLimits.maxFileBytes + 1, 0x20);
      large.write("%PDF-1.4\n", "latin1");
      await editor.locator("#r0-0-href-upload").setInputFiles(fileOnDisk("big.pdf", large));
      const tooLarge = await postEditor(editor, "Сохранить черновик");
      assert.equal(tooLarge.status(), 413);
      await editor
        .getByRole("alert")
        .getByText(/^Файл больше 20 МБ не принят/)
        .waitFor();

      assert.equal(await site.data.attachments.countSiteFiles(), 0, "no file kept");
      assert.equal(await site.data.siteEditions.workedOn("documents"), undefined, "no draft");
    });

    test("an editor's PDF waits for a head; approved, /documents links it and it downloads byte for byte", async () => {
      const { site, editor, head } = editing;
      const before = await publicHtml("/documents");
      const file = untaggedPdf();
      await editor.goto(`${site.baseUrl}/staff/site/documents`);
      await editor.locator("#r0-0-title").fill("Устав (редакция 2026 года)");
      await editor.locator("#r0-0-href-upload").setInputFiles(pdf("Устав 2026.pdf", file));
      await editor.getByRole("button", { name: "Передать на согласование" }).click();
      await editor.getByText("Передано на согласование руководителю").waitFor();
      // Accepted, with the warning in words beside the file.
      await editor.getByText(/Предупреждение о файле «Устав 2026\.pdf»: PDF без тегов/).waitFor();
      await editor
        .getByText(/Предупреждение о файле «Устав 2026\.pdf»: В PDF не указан язык/)
        .waitFor();
      await assertEditorSound(editor);
      assert.equal(
        await publicHtml("/documents"),
        before,
        "nothing changes publicly before approval",
      );

      await headApproves(head, site.baseUrl, "Документы");
      const published = await publicHtml("/documents");
      const href = /href="(\/files\/[0-9a-f-]{36}\/[^"]+)"/.exec(published)?.[1] ?? "";
      assert.equal(decodeURIComponent(href.split("/").at(-1) ?? ""), "Устав 2026.pdf");
      assert.match(published, /Устав \(редакция 2026 года\)/);
      assert.ok(
        published.includes(`PDF, ${file.length}\u00a0Б`),
        "the link's label from the upload's size",
      );
      assert.doesNotMatch(published, /href="\/docs\/ustav\.pdf"/);
      await assertPublicPageSound(
        env.browser,
        `${site.baseUrl}/documents`,
        "Устав (редакция 2026 года)",
      );
      pages.push({ name: `documents-${kind.name}.html`, html: published });
      pages.push(
        await editorPageHtml(head, site.baseUrl, "documents", `documents-editor-${kind.name}.html`),
      );

      // A visitor's browser downloads it: the same bytes, the original name.
      const visitor = await openPage(env.browser);
      await visitor.page.goto(`${site.baseUrl}/documents`);
      const [download] = await Promise.all([
        visitor.page.waitForEvent("download"),
        visitor.page.getByRole("link", { name: /Устав \(редакция 2026 года\)/ }).click(),
      ]);
      assert.equal(download.suggestedFilename(), "Устав 2026.pdf");
      assert.equal(sha256(await downloadedBytes(download)), sha256(file));
      await visitor.close();

      const response = await fetch(`${site.baseUrl}${href}`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("content-type"), "application/pdf");
      assert.equal(response.headers.get("etag"), `"${sha256(file)}"`);
      assert.equal(response.headers.get("cache-control"), "public, max-age=31536000, immutable");
      assert.equal(response.headers.get("content-security-policy"), "sandbox");
      assert.equal(response.headers.get("x-content-type-options"), "nosniff");
      assert.match(
        response.headers.get("content-disposition") ?? "",
        /^attachment; filename=.*filename\*=UTF-8''%D0%A3/,
      );
      assert.equal(sha256(new Uint8Array(await response.arrayBuffer())), sha256(file));
      const again = await fetch(`${site.baseUrl}${href}`, {
        headers: { "if-none-match": `"${sha256(file)}"` },
      });
      assert.equal(again.status, 304);
      // The replaced document's old address keeps answering (decision 0036).
      assert.equal((await fetch(`${site.baseUrl}/docs/ustav.pdf`)).status, 200);
      const wrongName = await fetch(`${site.baseUrl}${href.replace(/\/[^/]+$/, "/other.pdf")}`);
      assert.equal(wrongName.status, 404);
      assert.equal((await fetch(`${site.baseUrl}/files/not-an-id/x.pdf`)).status, 404);

      await assertHistoryShows(head, site.baseUrl, "documents", [
        /Устав: Название/,
        /Устав: Файл документа .*ustav\.pdf.*Устав 2026\.pdf/,
      ]);
    });

    test("a head publishes new blank forms at once; a DOCX given as the PDF is refused", async () => {
      const { site, head } = editing;
      const docx = await readFile("public/forms/agrokhimicheskoe-obsledovanie.docx");
      await head.goto(`${site.baseUrl}/staff/site/applications`);
      await head.getByRole("heading", { name: "Бланки заявлений" }).waitFor();
      await head.locator("#r1-0-pdfHref-upload").setInputFiles({
        name: "blank.pdf",
        mimeType: "application/pdf",
        buffer: docx,
      });
      const refused = await postEditor(head, "Сохранить черновик");
      assert.equal(refused.status(), 415);
      await head
        .getByRole("alert")
        .getByText("Файл «blank.pdf.docx» не принят: Бланк в PDF — это PDF. Ничего не сохранено.")
        .waitFor();
      const stored = await site.data.attachments.countSiteFiles();

      const printable = untaggedPdf();
      await head.locator("#r1-0-editableHref-upload").setInputFiles({
        name: "obsledovanie-2026.docx",
        mimeType: "application/octet-stream",
        buffer: docx,
      });
      await head
        .locator("#r1-0-pdfHref-upload")
        .setInputFiles(pdf("obsledovanie-2026.pdf", printable));
      await head.getByRole("button", { name: "Опубликовать", exact: true }).click();
      await head.getByText("Опубликовано: страница на сайте обновлена.").waitFor();
      assert.equal(await site.data.attachments.countSiteFiles(), stored + 2);
      const published = await publicHtml("/applications");
      assert.match(published, /href="\/files\/[0-9a-f-]{36}\/obsledovanie-2026\.docx"/);
      assert.match(published, /href="\/files\/[0-9a-f-]{36}\/obsledovanie-2026\.pdf"/);
      await assertPublicPageSound(
        env.browser,
        `${site.baseUrl}/applications`,
        "Заявка на проведение агрохимического обследования земель",
      );
      pages.push({ name: `applications-${kind.name}.html`, html: published });
    });

    test("a head replaces the structure's chart picture and its words; a PDF is no picture", async () => {
      const { site, head } = editing;
      const png = await readFile("public/icons/favicon-32.png");
      await head.goto(`${site.baseUrl}/staff/site/structure`);
      await head.getByRole("heading", { name: "Структура" }).waitFor();
      await head
        .locator("#structure-chartHref-upload")
        .setInputFiles(pdf("chart.pdf", untaggedPdf()));
      const refused = await postEditor(head, "Сохранить черновик");
      assert.equal(refused.status(), 415);
      await head
        .getByRole("alert")
        .getByText(
          "Файл «chart.pdf» не принят: Картинка схемы — это JPEG, PNG или WEBP. Ничего не сохранено.",
        )
        .waitFor();
      await head.locator("#structure-chartHref-upload").setInputFiles({
        name: "Схема 2026.png",
        mimeType: "image/png",
        buffer: png,
      });
      await head.locator("#structure-chartAlt").fill("Схема структуры учреждения на 2026 год");
      await head.locator("#structure-directorNotice").fill("");
      await head.getByRole("button", { name: "Опубликовать", exact: true }).click();
      await head.getByText("Опубликовано: страница на сайте обновлена.").waitFor();
      await assertEditorSound(head);
      const published = await publicHtml("/structure");
      const href = /href="(\/files\/[0-9a-f-]{36}\/[^"]+\.png)"/.exec(published)?.[1] ?? "";
      assert.equal(decodeURIComponent(href.split("/").at(-1) ?? ""), "Схема 2026.png");
      assert.match(published, /Схема структуры учреждения на 2026 год/);
      assert.doesNotMatch(published, /Биография руководителя будет размещена учреждением/);
      const image = await fetch(`${site.baseUrl}${href}`);
      assert.equal(image.headers.get("content-type"), "image/png");
      assert.equal(sha256(new Uint8Array(await image.arrayBuffer())), sha256(png));
      pages.push({ name: `structure-${kind.name}.html`, html: published });
      await assertPublicPageSound(
        env.browser,
        `${site.baseUrl}/structure`,
        "Схема структуры учреждения на 2026 год",
      );
    });

    test("a head replaces the requisites file of /contacts; the old address still answers", async () => {
      const { site, head } = editing;
      const docx = await readFile("public/forms/sistema-zemledeliya.docx");
      await head.goto(`${site.baseUrl}/staff/site/contacts`);
      await head.getByRole("heading", { name: "Контакты" }).waitFor();
      await head.locator("#contacts-requisitesHref-upload").setInputFiles({
        name: "Реквизиты 2026.docx",
        mimeType: "application/octet-stream",
        buffer: docx,
      });
      await head.getByRole("button", { name: "Опубликовать", exact: true }).click();
      await head.getByText("Опубликовано: страница на сайте обновлена.").waitFor();
      await head.getByText("Сейчас: Реквизиты 2026.docx (DOCX).", { exact: false }).waitFor();
      const published = await publicHtml("/contacts");
      const href = /href="(\/files\/[0-9a-f-]{36}\/[^"]+\.docx)"/.exec(published)?.[1] ?? "";
      assert.equal(decodeURIComponent(href.split("/").at(-1) ?? ""), "Реквизиты 2026.docx");
      assert.doesNotMatch(published, /href="\/docs\/rekvizity\.docx"/);
      const file = await fetch(`${site.baseUrl}${href}`);
      assert.equal(sha256(new Uint8Array(await file.arrayBuffer())), sha256(docx));
      assert.equal((await fetch(`${site.baseUrl}/docs/rekvizity.docx`)).status, 200);
    });

    test("registrars, executors, admins and visitors reach no editing page", async () => {
      const { site } = editing;
      const hash = await testPasswordHash(staffPassword);
      const paths = ["/staff/site/documents", "/staff/site/applications", "/staff/site/structure"];
      for (const [login, role] of [
        ["regina", "registrar"],
        ["ivan", "executor"],
        ["adam", "admin"],
      ] as const) {
        await site.data.staffAccounts.addUser(login, hash, new Date(), { role });
        const staff = new StaffHttpBrowser(site.baseUrl);
        await staff.signIn(login, staffPassword);
        for (const path of paths) {
          assert.equal((await staff.get(path)).status, 404, `${login} ${path}`);
          const posted = await staff.post(path, { intent: "save", gcount: "0" });
          assert.equal(posted.status, 404, `${login} posts to ${path}`);
        }
      }
      for (const path of paths) {
        const response = await fetch(`${site.baseUrl}${path}`, { redirect: "manual" });
        assert.match(String(response.status), /^30[23]$/, path);
        assert.match(response.headers.get("location") ?? "", /\/staff\/login/);
      }
    });
  });
}

test("the published and the staff pages are valid HTML (W3C checker)", async () => {
  assert.equal(pages.length, browserStores.length * 4);
  await assertValidHtml(pages);
});
