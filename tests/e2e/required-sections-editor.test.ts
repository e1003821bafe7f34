// Issue 29's editable sections through the editions, as staff use them without JavaScript: an
// editor fills an empty anticorruption subsection and the reception's hours, a head approves,
// and the public pages show them (axe-clean, fitting 320 px and 200% zoom); «Что заполнить» lists
// the reception's sample until then. The personal-data policy's text is edited the same way and
// its sample notice leaves the page. «Поиск по сайту» (issue 42): an editor adds a synonym and a
// best answer, a head approves, and /search answers with them. On SQLite (decision 0051). Needs
// the build.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { defaultSearchSettings } from "../../content/search-settings.ts";
import { searchFormFields, searchFormValues } from "../../domain/site-content/search-form.ts";
import { searchAnswers, searchUsesEditorsSettings } from "../support/search-answers.ts";
import { StaffHttpBrowser } from "../support/staff-http.ts";
import { browserStores } from "../support/test-databases.ts";
import { waitUntil } from "../support/wait-until.ts";
import {
  assertEditorSound,
  assertPublicPageSound,
  assertValidHtml,
  browserForTests,
  editingSiteForTests,
  editorPageHtml,
  headApproves,
} from "./site-editor-checks.ts";
import { staffPassword } from "./staff-pages.ts";

const searchTitle = "Поиск по сайту: синонимы и лучшие ответы";

/** The build's search settings without «СОУТ» and without the best answer for «телефон». */
const searchWithout = {
  synonyms: defaultSearchSettings.synonyms.filter((synonym) => synonym.words !== "СОУТ"),
  bestAnswers: defaultSearchSettings.bestAnswers.filter((answer) => answer.query !== "телефон"),
};

const env = browserForTests();

for (const kind of browserStores) {
  describe(`the required sections edited on ${kind.name}`, () => {
    const editing = editingSiteForTests(env, kind);

    test("an editor's subsection text, approved by a head, is on /anticorruption", async () => {
      const { site, editor, head } = editing;
      await editor.goto(`${site.baseUrl}/staff/site/anticorruption`);
      await editor
        .getByLabel("Раздел «Антикоррупционная экспертиза»")
        .fill("Экспертиза проектов локальных актов проводится **юристом учреждения**.");
      await editor.getByRole("button", { name: "Передать на согласование" }).click();
      await editor.getByText("Передано на согласование руководителю.", { exact: false }).waitFor();
      await assertEditorSound(editor);
      await headApproves(head, site.baseUrl, "Противодействие коррупции: подразделы");
      await assertPublicPageSound(
        env.browser,
        `${site.baseUrl}/anticorruption`,
        "Экспертиза проектов локальных актов проводится",
      );
    });

    test("the reception's sample is in «Что заполнить» until its hours are published", async () => {
      const { site, editor, head } = editing;
      await head.goto(`${site.baseUrl}/staff/site/fill`);
      await head.getByRole("link", { name: "Обращения граждан: личный приём" }).first().waitFor();
      await editor.goto(`${site.baseUrl}/staff/site/reception`);
      await editor
        .getByLabel("Раздел «Личный приём граждан: место, дни и часы»")
        .fill("- Место: г. Киров, ул. Дерендяева, д. 1, каб. 5\n- Вторник: 10.00–12.00");
      await editor.getByRole("button", { name: "Передать на согласование" }).click();
      await editor.getByText("Передано на согласование руководителю.", { exact: false }).waitFor();
      await headApproves(head, site.baseUrl, "Обращения граждан: личный приём");
      await assertPublicPageSound(
        env.browser,
        `${site.baseUrl}/appeals/procedure`,
        "Вторник: 10.00–12.00",
      );
      await head.goto(`${site.baseUrl}/staff/site/fill`);
      await head.getByRole("heading", { level: 1 }).waitFor();
      const fill = await head.locator("main").innerText();
      if (fill.includes("Обращения граждан: личный приём")) {
        throw new Error("«Что заполнить» still lists the reception after its hours were published");
      }
    });

    test("the personal-data policy's text, approved by a head, replaces the sample on /personal-data", async () => {
      const { site, editor, head } = editing;
      await editor.goto(`${site.baseUrl}/staff/site/privacy`);
      await editor
        .getByLabel("Раздел «Оператор и цели обработки»")
        .fill("Политика утверждена приказом директора от **2 марта 2026 г.** № 14.");
      await editor.getByRole("button", { name: "Передать на согласование" }).click();
      await editor.getByText("Передано на согласование руководителю.", { exact: false }).waitFor();
      await headApproves(head, site.baseUrl, "Политика обработки персональных данных");
      await assertPublicPageSound(
        env.browser,
        `${site.baseUrl}/personal-data`,
        "Политика утверждена приказом директора",
      );
      const html = await (await fetch(`${site.baseUrl}/personal-data`)).text();
      if (html.includes("будет размещён учреждением")) {
        throw new Error(
          "/personal-data still shows the sample notice after the policy was published",
        );
      }
    });

    test("an editor's synonym and best answer, approved by a head, are what /search answers with", async () => {
      const { site, editor, head } = editing;
      // Setup over HTTP: a published edition without the build's «СОУТ» and «телефон» entries.
      const hanna = new StaffHttpBrowser(site.baseUrl);
      await hanna.signIn("hanna", staffPassword);
      await hanna.get("/staff/site/search");
      const setup = await hanna.post("/staff/site/search", {
        ...searchFormFields(searchFormValues(searchWithout)),
        intent: "publish",
      });
      assert.equal(setup.status, 303, setup.html.slice(0, 300));
      const before = await searchAnswers(site.baseUrl, "соут");
      assert.ok(!before.some((answer) => answer.path === "/special-assessment"));

      // No built page shows the settings: no preview is offered, and there is none.
      await editor.goto(`${site.baseUrl}/staff/site/search`);
      assert.equal(await editor.getByRole("button", { name: "Предпросмотр" }).count(), 0);
      const preview = await fetch(`${site.baseUrl}/staff/site/search/preview`, {
        headers: { cookie: hanna.cookie },
      });
      assert.equal(preview.status, 404);

      await editor.getByRole("button", { name: "Добавить синоним" }).click();
      // A list item by its legend, which names the item once its first field is filled.
      const synonym = editor.getByRole("group", {
        name: new RegExp(`^Синоним ${searchWithout.synonyms.length + 1}(:|$)`),
      });
      await synonym.getByLabel("Что вводят посетители", { exact: true }).fill("СОУТ");
      await synonym
        .getByLabel("Искать также", { exact: true })
        .fill("специальная оценка условий труда");
      await synonym.getByLabel("В обе стороны", { exact: false }).check();
      await editor.getByRole("button", { name: "Добавить лучший ответ" }).click();
      const answer = editor.getByRole("group", {
        name: new RegExp(`^Лучший ответ ${searchWithout.bestAnswers.length + 1}(:|$)`),
      });
      await answer.getByLabel("Запрос", { exact: true }).fill("телефон");
      // A page the site does not have is refused beside its field; nothing is submitted.
      await answer.getByLabel("Страница", { exact: true }).fill("/telefony");
      await editor.getByRole("button", { name: "Передать на согласование" }).click();
      await editor
        .getByText("Страницы /telefony на сайте нет.", { exact: false })
        .first()
        .waitFor();
      await answer.getByLabel("Страница", { exact: true }).fill("/contacts");
      await editor.getByRole("button", { name: "Передать на согласование" }).click();
      await editor.getByText("Передано на согласование руководителю.", { exact: false }).waitFor();
      await assertEditorSound(editor);

      // The head's review names the changes in words before approving them.
      await head.goto(`${site.baseUrl}/staff/site/search`);
      const review = head.getByRole("region", { name: "Изменения на согласовании" });
      await review.getByRole("row", { name: /Синоним добавлен.*Синоним «СОУТ»/ }).waitFor();
      await review
        .getByRole("row", { name: /Лучший ответ добавлен.*«телефон» → \/contacts/ })
        .waitFor();
      // The head's review with its changes in words: valid HTML.
      await assertValidHtml([await editorPageHtml(head, site.baseUrl, "search", "search.html")]);
      await headApproves(head, site.baseUrl, searchTitle);

      const found = await waitUntil(
        "/search to answer with the synonym and the best answer",
        () => searchUsesEditorsSettings(site.baseUrl),
        2000,
        50,
      ).catch(async (error: Error) => {
        const sout = await searchAnswers(site.baseUrl, "соут");
        const phone = await searchAnswers(site.baseUrl, "телефон");
        throw new Error(
          `${error.message}: «соут» -> ${sout.map((item) => item.path).join(", ") || "nothing"}; «телефон» -> ${phone.map((item) => item.path).join(", ") || "nothing"}`,
        );
      });
      assert.ok(found);
    });
  });
}
