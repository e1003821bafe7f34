// Issue 29's editable sections through the editions, as staff use them without JavaScript: an
// editor fills an empty anticorruption subsection and the reception's hours, a head approves,
// and the public pages show them (axe-clean, fitting 320 px and 200% zoom); «Что заполнить» lists
// the reception's sample until then. The personal-data policy's text is edited the same way and
// its sample notice leaves the page. On SQLite (decision 0051). Needs the build.
import { describe, test } from "node:test";
import { browserStores } from "../support/test-databases.ts";
import {
  assertEditorSound,
  assertPublicPageSound,
  browserForTests,
  editingSiteForTests,
  headApproves,
} from "./site-editor-checks.ts";

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
  });
}
