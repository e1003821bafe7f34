// The contacts edited by staff, in Chromium, on SQLite (decision 0051): a wrong e-mail is refused under its
// field and in the summary; an editor replaces the placeholder phone and a name of the contacts
// table and submits them; nothing changes publicly; a head approves; /contacts shows them and
// the footer of every page shows the new phone (the prerendered pages re-rendered, /appeals
// with its form island, a page the server renders on each request too), valid HTML, axe-clean,
// fitting 320 px; «Вернуть эту редакцию» brings the old phone back everywhere. «Что заполнить»
// lists the placeholder phone until the new one is published; /healthz (as in production) counts
// the placeholders left, as the start-up log did. Needs the build.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { siteContentDefaults } from "../../content/site-content-defaults.ts";
import { prerenderedPaths } from "../../content/site-pages.ts";
import { placeholdersIn } from "../../domain/site-content/site-placeholders.ts";
import { appealIslandOf } from "../../server/site/appeal-island.ts";
import { browserStores } from "../support/test-databases.ts";
import {
  assertEditorSound,
  assertHistoryShows,
  assertPublicPageSound,
  assertValidHtml,
  browserForTests,
  editingSiteForTests,
  editorPageHtml,
  headApproves,
  headRestoresBuildContent,
} from "./site-editor-checks.ts";

const oldPhone = "(8332) 00-00-00";
const newPhone = "(8332) 71-20-15";
const newName = "Иванова Мария Петровна";
const newAddress = "610017, г. Киров, ул. Советская, д. 7";
/** The footer's phone link as every public page writes it. */
const footerPhone = (phone: string, digits: string) =>
  `<dt>Телефон</dt><dd><a href="tel:+7${digits}">${phone}</a></dd>`;

const pages: { name: string; html: string }[] = [];

const env = browserForTests();

/** The seed's placeholders: what a fresh store's site shows. */
const seedPlaceholders = placeholdersIn(siteContentDefaults).length;

/** «Что заполнить»'s rows whose field is `field` and whose value is `value`. */
async function fillRows(viewer: Page, baseUrl: string, field: string, value: string) {
  await viewer.goto(`${baseUrl}/staff/site/fill`);
  await viewer.getByRole("heading", { name: "Что заполнить", level: 1 }).waitFor();
  return viewer
    .getByRole("row")
    .filter({ has: viewer.getByRole("cell", { name: field, exact: true }) })
    .filter({ has: viewer.getByRole("cell", { name: value, exact: true }) })
    .count();
}

for (const kind of browserStores) {
  describe(`contacts edited by staff (${kind.name})`, { concurrency: false }, () => {
    const logLines: string[] = [];
    const editing = editingSiteForTests(env, kind, { reportPlaceholders: true, logLines });
    const html = async (path: string) => (await fetch(`${editing.site.baseUrl}${path}`)).text();
    const placeholdersLeft = async () => {
      const healthz = await fetch(`${editing.site.baseUrl}/healthz`);
      assert.equal(healthz.status, 200, "a placeholder is not an outage");
      return ((await healthz.json()) as { placeholders?: number }).placeholders;
    };

    test("the start-up log and /healthz count the seed's placeholders; «Что заполнить» lists them", async () => {
      const { site, head } = editing;
      assert.ok(seedPlaceholders > 0);
      const started = logLines.filter((line) => line.includes('"placeholders"'));
      assert.equal(started.length, 1, "one line at start");
      assert.match(started[0] ?? "", new RegExp(`"placeholders":${seedPlaceholders}\\b`));
      assert.doesNotMatch(started[0] ?? "", /Фамилия|00-00-00|example/, "a count, no values");
      assert.equal(await placeholdersLeft(), seedPlaceholders);
      assert.equal(await fillRows(head, site.baseUrl, "Телефон", oldPhone), 1);
      await head.getByText(`Значений-образцов на сайте: ${seedPlaceholders}.`).waitFor();
      await head.getByRole("link", { name: "Контакты" }).first().waitFor();
      await assertEditorSound(head);
      const fill = await head.goto(`${site.baseUrl}/staff/site/fill`);
      pages.push({ name: `fill-${kind.name}.html`, html: (await fill?.text()) ?? "" });
    });

    test("a wrong e-mail is refused under its field and in the summary; nothing is stored", async () => {
      const { site, editor } = editing;
      await editor.getByRole("link", { name: "Контакты" }).click();
      await editor.getByRole("heading", { name: "Контакты", level: 1 }).waitFor();
      await assertEditorSound(editor);
      await editor.locator("#g1r2-email").fill("лаборатория");
      await editor.getByRole("button", { name: "Сохранить черновик" }).click();
      const summary = editor.getByRole("alert");
      await summary
        .getByRole("link", {
          name: "Сотрудники, группа 2, строка 3, электронная почта: Укажите адрес электронной почты, например info@example.ru.",
        })
        .waitFor();
      assert.equal(
        await editor.locator("#g1r2-email-error").textContent(),
        "Ошибка: Укажите адрес электронной почты, например info@example.ru.",
      );
      assert.equal(await editor.locator("#g1r2-email").inputValue(), "лаборатория");
      await assertEditorSound(editor);
      assert.equal(await site.data.siteEditions.workedOn("contacts"), undefined);
    });

    test("an editor's new phone waits for a head; approved, every page shows it", async () => {
      const { site, editor, head } = editing;
      const before = await html("/contacts");
      assert.ok(before.includes(footerPhone(oldPhone, "8332000000")));
      await editor.goto(`${site.baseUrl}/staff/site/contacts`);
      await editor.locator("#contacts-phone").fill(newPhone);
      await editor.locator("#g0r0-fullName").fill(newName);
      await editor.locator("#contacts-address").fill(newAddress);
      await editor.getByRole("button", { name: "Передать на согласование" }).click();
      await editor.getByText("Передано на согласование руководителю").waitFor();
      assert.equal(await html("/contacts"), before, "nothing changes publicly before approval");

      await headApproves(head, site.baseUrl, "Контакты");
      // «Что заполнить»: the phone and the director's name are gone (the legal details' own
      // «Телефон» row stays), and /healthz counts three placeholders fewer
      // (with the address).
      assert.equal(await fillRows(head, site.baseUrl, "Телефон", oldPhone), 0);
      assert.equal(
        await fillRows(
          head,
          site.baseUrl,
          "Общие контакты — Директор: ФИО",
          "Фамилия Имя Отчество",
        ),
        0,
      );
      assert.equal(
        await fillRows(
          head,
          site.baseUrl,
          "Реквизиты — Наименование и адреса — Телефон: значение",
          oldPhone,
        ),
        1,
      );
      assert.equal(await placeholdersLeft(), seedPlaceholders - 3);
      const contacts = await html("/contacts");
      assert.match(contacts, /<p class="phone-banner__number"><a href="tel:\+78332712015">/);
      assert.ok(contacts.includes(`<td data-label="ФИО">${newName}</td>`), "the table's new name");
      // The map's frame is named by the published address, not the build's.
      assert.ok(contacts.includes(`title="Карта: ${newAddress}"`), "the map's title");
      // The footer of every page, prerendered or rendered by the server on each request.
      for (const path of [...prerenderedPaths, "/appeals/status"]) {
        const page = await html(path);
        assert.ok(page.includes(footerPhone(newPhone, "8332712015")), `${path}: the new phone`);
        assert.ok(!page.includes(footerPhone(oldPhone, "8332000000")), `${path}: not the old one`);
      }
      // Nor anywhere else on a page: the home page's JSON-LD, the vacancies' «звоните по телефону».
      // (/contacts keeps it in the legal details' own «Телефон» row, a field of its own.)
      for (const path of ["/", "/vacancies", "/appeals"]) {
        assert.ok(!(await html(path)).includes(oldPhone), `${path}: no old phone`);
      }
      const appeals = await html("/appeals");
      assert.ok(appealIslandOf(appeals), "/appeals keeps its form island");
      await assertPublicPageSound(env.browser, `${site.baseUrl}/contacts`, newName);
      await assertPublicPageSound(env.browser, `${site.baseUrl}/`, newPhone);
      pages.push(
        { name: `contacts-${kind.name}.html`, html: contacts },
        { name: `home-${kind.name}.html`, html: await html("/") },
        { name: `appeals-${kind.name}.html`, html: appeals },
      );
      pages.push(
        await editorPageHtml(head, site.baseUrl, "contacts", `contacts-editor-${kind.name}.html`),
      );
    });

    test("«История» names the change; «Вернуть эту редакцию» brings the old phone back everywhere", async () => {
      const { site, head } = editing;
      await assertHistoryShows(head, site.baseUrl, "contacts", [
        /Контакты: Телефон/,
        /Директор: ФИО/,
      ]);
      await headRestoresBuildContent(head, site.baseUrl, "contacts");
      for (const path of ["/contacts", "/", "/vacancies"]) {
        const page = await html(path);
        assert.ok(page.includes(footerPhone(oldPhone, "8332000000")), `${path}: the old phone`);
        assert.ok(!page.includes(newPhone), path);
      }
      assert.equal(await placeholdersLeft(), seedPlaceholders);
    });
  });
}

test("the published and the staff pages are valid HTML (W3C checker)", async () => {
  assert.equal(pages.length, browserStores.length * 5);
  await assertValidHtml(pages);
});
