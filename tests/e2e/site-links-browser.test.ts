// A link to a removed announcement stops the publish (issue 43, decision 0061), in Chromium, on
// SQLite (decision 0051): a head publishes two announcements and then takes one off; an editor
// links a home section's text to the one taken off and submits it; the editor is shown the
// refusal naming the field and the link, under that field (its description, read by a screen
// reader on focus), the text as typed kept; nothing waits for approval and the home page is as
// before. «Ссылки» with a broken web link is valid HTML, axe-clean and fits 320 px. Needs the
// build.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { StaffHttpBrowser } from "../support/staff-http.ts";
import { textOf } from "../support/staff-test-app.ts";
import { browserStores } from "../support/test-databases.ts";
import {
  assertEditorSound,
  assertValidHtml,
  browserForTests,
  editingSiteForTests,
  editorPageHtml,
} from "./site-editor-checks.ts";
import { staffPassword } from "./staff-pages.ts";

const env = browserForTests();

/** The news as its form posts them: announcements numbered as given. */
const newsFields = (ids: readonly string[]) => ({
  ncount: String(ids.length),
  ...Object.fromEntries(
    ids.flatMap((id, index) => [
      [`n${index}.id`, id],
      [`n${index}.title`, `Приём проб, объявление ${id}`],
      [`n${index}.date`, "2026-11-25"],
      [`n${index}.text`, `Текст объявления ${id}.`],
      [`n${index}.imageHref`, ""],
      [`n${index}.imageFile`, ""],
      [`n${index}.imageAlt`, ""],
    ]),
  ),
  intent: "publish",
});

for (const kind of browserStores) {
  describe(`a link to a removed announcement (${kind.name})`, () => {
    const editing = editingSiteForTests(env, kind);

    test("stops the publish, the field and the link named under the field", async () => {
      const { site, editor } = editing;
      // Setup over HTTP: announcements 1 and 2 published, then 2 taken off.
      const hanna = new StaffHttpBrowser(site.baseUrl);
      await hanna.signIn("hanna", staffPassword);
      for (const ids of [["2", "1"], ["1"]]) {
        await hanna.get("/staff/site/news");
        const published = await hanna.post("/staff/site/news", newsFields(ids));
        assert.equal(published.status, 303, textOf(published.html).slice(0, 300));
      }
      assert.equal((await fetch(`${site.baseUrl}/news/2`)).status, 404);

      await editor.goto(`${site.baseUrl}/staff/site/home`);
      const field = editor.getByLabel("Раздел «Государственное задание»");
      const typed = "Итоги сезона — в [объявлении](/news/2).";
      await field.fill(typed);
      await editor.getByRole("button", { name: "Передать на согласование" }).click();
      const message =
        "Ссылка «/news/2» в поле «Раздел „Государственное задание“» ведёт на объявление, которого нет на сайте.";
      await editor.getByText(message, { exact: false }).first().waitFor();
      // Under the field: the textarea is invalid and described by the message.
      const refused = editor.getByLabel("Раздел «Государственное задание»");
      assert.equal(await refused.getAttribute("aria-invalid"), "true");
      const described = (await refused.getAttribute("aria-describedby")) ?? "";
      const descriptions = await Promise.all(
        described
          .split(" ")
          .filter(Boolean)
          .map((id) => editor.locator(`[id="${id}"]`).innerText()),
      );
      assert.ok(
        descriptions.some((text) => text.includes(message)),
        `described by: ${descriptions.join(" | ")}`,
      );
      assert.equal(await refused.inputValue(), typed, "the text as typed is kept");
      await assertEditorSound(editor);

      // Nothing was submitted, and the home page is as before.
      await editor.goto(`${site.baseUrl}/staff/site`);
      assert.equal(
        await editor
          .getByRole("row", { name: /Главная: тексты разделов.*На согласовании/ })
          .count(),
        0,
      );
      const home = await (await fetch(`${site.baseUrl}/`)).text();
      assert.ok(!home.includes("Итоги сезона"));
    });

    test("«Ссылки» lists a broken web link: valid HTML, axe-clean, fitting 320 px", async () => {
      const { site, editor } = editing;
      await site.data.linkChecks.record({
        links: [
          {
            href: "https://pub.fsa.gov.ru/ral-old/a-very-long-address-that-must-wrap-on-a-phone",
            places: [
              { page: "home", field: "s0.text", fieldLabel: "«Раздел „Государственное задание“»" },
            ],
          },
        ],
        results: [
          {
            href: "https://pub.fsa.gov.ru/ral-old/a-very-long-address-that-must-wrap-on-a-phone",
            status: 404,
            problem: "Сайт ответил кодом 404 (страница не найдена).",
          },
        ],
        at: new Date("2026-11-27T23:30:00Z"),
      });
      await editor.goto(`${site.baseUrl}/staff/site`);
      await editor.getByRole("link", { name: "Ссылки", exact: true }).click();
      await editor.getByRole("cell", { name: /страница не найдена/ }).waitFor();
      await editor.getByRole("link", { name: "Главная: тексты разделов" }).waitFor();
      await assertEditorSound(editor);
      await assertValidHtml([await editorPageHtml(editor, site.baseUrl, "links", "links.html")]);
    });
  });
}
