// Issue 43's «Что изменилось», in Chromium, on SQLite (decision 0051): an editor changes one
// salary and one sentence of a vacancy's duties and submits; the head's approval page shows
// exactly those as deleted and inserted words (the old salary deleted, the new inserted, only
// the changed words of the sentence marked), «удалено»/«добавлено» in words for screen readers,
// struck out and underlined rather than told by colour; axe-clean, no script, no sideways scroll
// at 320 px, valid HTML. «История» then compares any two editions the same way, the site's
// content before the first publish among them, by a GET form that needs no JavaScript. Needs
// `npm run build`.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { browserStores } from "../support/test-databases.ts";
import {
  assertEditorSound,
  assertValidHtml,
  browserForTests,
  editingSiteForTests,
  editorPageHtml,
} from "./site-editor-checks.ts";

const oldSalary = "45\u00a0000\u00a0₽ в\u00a0месяц на\u00a0руки";
const newSalary = "50\u00a0000\u00a0₽ в\u00a0месяц на\u00a0руки";
const duties =
  "Отбор проб почвы на полях хозяйств области, подготовка проб к анализу в лаборатории.";
const newDuties =
  "Отбор проб почвы и растений на полях хозяйств области, подготовка проб к испытаниям в лаборатории.";

/** The text of each <del> and each <ins> within `where`, in the page's order. */
async function marks(where: Locator) {
  return {
    deleted: await where.locator("del").allTextContents(),
    inserted: await where.locator("ins").allTextContents(),
  };
}

/** The words only a screen reader reads, within `where`. */
const spokenOnly = (where: Locator) => where.locator(".visually-hidden").allTextContents();

/** The value of the option of `select` whose words start with `label`. */
async function optionValue(page: Page, select: string, label: RegExp): Promise<string> {
  const value = await page.locator(`${select} option`, { hasText: label }).getAttribute("value");
  assert.ok(value !== null, `an option ${label}`);
  return value;
}

const env = browserForTests();
/** The approval page and a comparison as the server sent them, for the W3C checker at the end. */
const pages: { name: string; html: string }[] = [];

for (const kind of browserStores) {
  describe(`«Что изменилось» on /vacancies (${kind.name})`, { concurrency: false }, () => {
    const editing = editingSiteForTests(env, kind);

    test("the head's approval page marks exactly the salary and the words of the sentence changed", async () => {
      const { site, editor, head } = editing;
      // The duties published first by the head (who publishes directly): the sentence to change.
      await head.goto(`${site.baseUrl}/staff/site/vacancies`);
      await head.locator("#vacancy-0-duties").fill(duties);
      await head.getByRole("button", { name: "Опубликовать", exact: true }).click();
      await head.getByText("Опубликовано: страница на сайте обновлена.").waitFor();

      await editor.goto(`${site.baseUrl}/staff/site/vacancies`);
      await editor.locator("#vacancy-0-salary").fill("50000");
      await editor.locator("#vacancy-0-duties").fill(newDuties);
      await editor.getByRole("button", { name: "Передать на согласование" }).click();
      await editor.getByText("Передано на согласование руководителю").waitFor();

      await head.goto(`${site.baseUrl}/staff/site/vacancies`);
      const review = head.getByRole("region", { name: "Изменения на согласовании" });
      await review.waitFor();
      assert.deepEqual(
        await review.locator("tbody tr td:first-child").allTextContents(),
        ["Химик-агрохимик: Зарплата", "Химик-агрохимик: Обязанности"],
        "the two fields changed, nothing else",
      );
      assert.deepEqual(await marks(review), {
        deleted: [oldSalary, "анализу"],
        inserted: [newSalary, "и растений", "испытаниям"],
      });
      // Each side reads as typed: the marks sit inside the old and the new sentence.
      const duty = review.getByRole("row", { name: /Обязанности/ });
      const [was, now] = await duty.locator("td").evaluateAll((cells) =>
        cells.slice(1).map((cell) =>
          [...cell.childNodes]
            .filter((node) => !(node instanceof Element && node.matches(".visually-hidden")))
            .map((node) => node.textContent)
            .join(""),
        ),
      );
      assert.equal(was, duties);
      assert.equal(now, newDuties);
      // Screen readers hear which is which, and where a mark inside the sentence ends.
      assert.deepEqual(await spokenOnly(review), [
        "удалено: ",
        "добавлено: ",
        "удалено: ",
        " (конец удалённого)",
        "добавлено: ",
        " (конец добавленного)",
        "добавлено: ",
        " (конец добавленного)",
      ]);
      // Struck out and underlined: not by colour alone.
      const decoration = (mark: Locator) =>
        mark.evaluate((element) => getComputedStyle(element).textDecorationLine);
      assert.equal(await decoration(review.locator("del").first()), "line-through");
      assert.equal(await decoration(review.locator("ins").first()), "underline");
      await head.getByText("В столбце «Было» зачёркнуто удалённое").first().waitFor();
      await assertEditorSound(head);
      pages.push(await editorPageHtml(head, site.baseUrl, "vacancies", "review.html"));
      await head.getByRole("button", { name: "Утвердить и опубликовать" }).click();
      await head.getByText("Опубликовано: страница на сайте обновлена.").waitFor();
    });

    test("«История» compares any two editions, the site's content before them too, without JavaScript", async () => {
      const { site, head } = editing;
      await head.goto(`${site.baseUrl}/staff/site/vacancies`);
      const first = await optionValue(head, "#compare-before", /^Редакция 1 от/);
      const second = await optionValue(head, "#compare-after", /^Редакция 2 от .*на сайте сейчас/);
      await head.locator("#compare-before").selectOption(first);
      await head.locator("#compare-after").selectOption(second);
      await head.getByRole("button", { name: "Сравнить" }).click();
      await head.waitForURL(
        (url) =>
          url.searchParams.get("compare") === first &&
          url.searchParams.get("with") === second &&
          url.hash === "#compare-result",
      );
      const compared = head.getByRole("region", { name: "Сравнение редакций" });
      assert.deepEqual(await marks(compared), {
        deleted: [oldSalary, "анализу"],
        inserted: [newSalary, "и растений", "испытаниям"],
      });
      // The form shows the pair compared.
      assert.equal(await head.locator("#compare-before").inputValue(), first);
      assert.equal(await head.locator("#compare-after").inputValue(), second);
      await assertEditorSound(head);

      // Against the site's content before any edition: the salary changed, the duties added.
      await head.locator("#compare-before").selectOption({ label: "Исходная версия сайта" });
      await head.getByRole("button", { name: "Сравнить" }).click();
      await head.waitForURL((url) => url.searchParams.get("compare") === "0");
      assert.deepEqual(await compared.locator("tbody tr td:first-child").allTextContents(), [
        "Химик-агрохимик: Зарплата",
        "Химик-агрохимик: Обязанности",
      ]);
      assert.deepEqual(await marks(compared), { deleted: [oldSalary], inserted: [newSalary] });
      await compared.getByRole("cell", { name: newDuties }).waitFor();

      // The other way round, the same edition twice, an edition that is not there.
      await head.goto(`${site.baseUrl}/staff/site/vacancies?compare=${second}&with=${first}`);
      assert.deepEqual(await marks(compared), {
        deleted: [newSalary, "и растений", "испытаниям"],
        inserted: [oldSalary, "анализу"],
      });
      await head.goto(`${site.baseUrl}/staff/site/vacancies?compare=${second}&with=${second}`);
      await head.getByText("Редакции не различаются.").waitFor();
      await head.goto(`${site.baseUrl}/staff/site/vacancies?compare=999999&with=${second}`);
      await head.getByText("Такой редакции в истории нет").waitFor();

      const response = await head.goto(
        `${site.baseUrl}/staff/site/vacancies?compare=${first}&with=${second}`,
      );
      pages.push({ name: "compare.html", html: (await response?.text()) ?? "" });
      await assertValidHtml(pages);
    });
  });
}
