// The prices of /services/special_offer edited by staff, in Chromium, on SQLite (decision 0051): a wrong
// price is refused under its field and in the summary; an editor changes a package's price and
// submits it; nothing changes publicly; a head approves; the public page shows the new price
// without a restart (valid HTML, axe-clean, no script, fitting 320 px); «Вернуть эту редакцию»
// brings the old price back. The editor page itself is axe-clean and fits 320 px. Needs the build.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
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

const path = "/services/special_offer";
/** The first package's row as the public table shows it, before and after. */
const oldRow = /Пакет №\u00a01 «Эксперт»<\/th><td class="price">2\u00a0106\u00a0₽/;
const newRow = /Пакет №\u00a01 «Эксперт»<\/th><td class="price">2\u00a0350\u00a0₽/;

/** Pages to give the HTML checker in one run at the end: public and staff. */
const pages: { name: string; html: string }[] = [];

const env = browserForTests();

for (const kind of browserStores) {
  describe(`prices edited by staff (${kind.name})`, { concurrency: false }, () => {
    const editing = editingSiteForTests(env, kind);
    const publicHtml = async () => (await fetch(`${editing.site.baseUrl}${path}`)).text();

    test("a wrong price is refused under its field and in the summary; nothing is stored", async () => {
      const { site, editor } = editing;
      await editor.getByRole("link", { name: "Цены" }).click();
      await editor.getByRole("heading", { name: "Цены" }).waitFor();
      await assertEditorSound(editor);
      await editor.locator("#lp0-price").fill("бесплатно");
      // A space passes the browser's own check of a required field, not the server's.
      await editor.locator("#prices-legalTitle").fill(" ");
      const answer = editor.waitForResponse((response) => response.request().method() === "POST");
      await editor.getByRole("button", { name: "Сохранить черновик" }).click();
      const refused = await answer;
      assert.equal(refused.status(), 400);
      pages.push({ name: `prices-editor-refused-${kind.name}.html`, html: await refused.text() });
      const summary = editor.getByRole("alert");
      await summary.getByText("Проверьте поля, отмеченные ниже.").waitFor();
      await summary
        .getByRole("link", {
          name: "Юридическим лицам, пакет 1, цена: Укажите цену числом рублей.",
        })
        .waitFor();
      assert.equal(
        await editor.locator("#lp0-price-error").textContent(),
        "Ошибка: Укажите цену числом рублей.",
      );
      assert.equal(await editor.locator("#lp0-price").inputValue(), "бесплатно", "kept as typed");
      await summary.getByRole("link", { name: /Юридическим лицам: заголовок: Укажите/ }).click();
      assert.equal(await editor.evaluate(() => document.activeElement?.id), "prices-legalTitle");
      await assertEditorSound(editor);
      assert.equal(await site.data.siteEditions.workedOn("prices"), undefined);
    });

    test("an editor's new price waits for a head; approved, the public page shows it at once", async () => {
      const { site, editor, head } = editing;
      const before = await publicHtml();
      assert.match(before, oldRow);
      await editor.goto(`${site.baseUrl}/staff/site/prices`);
      // Add a package for private persons, then fill it in the form that comes back.
      await editor.getByRole("button", { name: "Добавить пакет для частных лиц" }).click();
      await editor.locator("#ip2-name").fill("Пакет «Колодец»");
      await editor.locator("#ip2-price").fill("1 200");
      await editor.locator("#ip2-period").fill("5 дней");
      await editor.locator("#ip2-sample").fill("Для анализа нужно 1 литр воды.");
      await editor.locator("#lp0-price").fill("2 350 ₽");
      await editor.getByRole("button", { name: "Передать на согласование" }).click();
      await editor.getByText("Передано на согласование руководителю").waitFor();
      assert.equal(await publicHtml(), before, "nothing changes publicly before approval");

      await headApproves(head, site.baseUrl, "Цены");
      const published = await publicHtml();
      assert.match(published, newRow, "the new price, without a restart");
      assert.match(published, /Пакет «Колодец»/);
      assert.doesNotMatch(published, oldRow);
      await assertPublicPageSound(env.browser, `${site.baseUrl}${path}`, "Пакет «Колодец»");
      pages.push({ name: `prices-${kind.name}.html`, html: published });
      pages.push(
        await editorPageHtml(head, site.baseUrl, "prices", `prices-editor-${kind.name}.html`),
      );
    });

    test("«История» names the change; «Вернуть эту редакцию» brings the old price back", async () => {
      const { site, head } = editing;
      await assertHistoryShows(head, site.baseUrl, "prices", [
        /Пакет №\s1 «Эксперт»: Цена/,
        /Пакет добавлен \(частным лицам\)/,
      ]);
      await headRestoresBuildContent(head, site.baseUrl, "prices");
      const restored = await publicHtml();
      assert.match(restored, oldRow, "the old price is back");
      assert.doesNotMatch(restored, /Колодец/);
    });
  });
}

test("the published and the staff pages are valid HTML (W3C checker)", async () => {
  assert.equal(pages.length, browserStores.length * 3);
  await assertValidHtml(pages);
});
