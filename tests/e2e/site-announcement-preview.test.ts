// Issue 43: an announcement's draft previews as its own page, in Chromium, on SQLite (decision
// 0051): the news' preview links each announcement to its preview, not to the live /news/<id>
// a new one does not have; the preview shows it as its page does, paragraphs apart, marked as a
// draft with the way back. Needs `npm run build`.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { browserStores } from "../support/test-databases.ts";
import { browserForTests, editingSiteForTests } from "./site-editor-checks.ts";

const env = browserForTests();

for (const kind of browserStores) {
  describe(`an announcement's preview (${kind.name})`, { concurrency: false }, () => {
    const editing = editingSiteForTests(env, kind);

    test("a draft's announcement previews as its own page, linked from the news' preview", async () => {
      const { site, editor } = editing;
      const title = "Приём проб в субботу";
      await editor.goto(`${site.baseUrl}/staff/site/news`);
      await editor.getByRole("button", { name: "Добавить объявление" }).click();
      await editor.locator("#announcement-0-title").fill(title);
      await editor.locator("#announcement-0-date").fill("2026-11-20");
      await editor.locator("#announcement-0-text").fill("Первый абзац.\n\nВторой абзац.");
      await editor.getByRole("button", { name: "Предпросмотр" }).last().click();
      await editor.waitForURL(/\/staff\/site\/news\/preview$/);
      const link = editor.getByRole("link", { name: title });
      const href = (await link.getAttribute("href")) ?? "";
      assert.match(href, /^\/staff\/site\/news\/preview\?announcement=[a-z0-9-]+$/);
      await link.click();
      await editor.getByRole("heading", { name: title, level: 1 }).waitFor();
      assert.equal(new URL(editor.url()).pathname, "/staff/site/news/preview");
      assert.equal(await editor.getByText("Первый абзац.", { exact: true }).count(), 1);
      assert.equal(await editor.getByText("Второй абзац.", { exact: true }).count(), 1);
      await editor
        .getByRole("region", { name: "Предпросмотр черновика" })
        .getByRole("link", { name: "Вернуться к редактированию" })
        .waitFor();
      const missing = await editor.request.get(
        `${site.baseUrl}${href.replace(/=.*$/, "=no-such")}`,
        { maxRedirects: 0 },
      );
      assert.equal(missing.status(), 422, "an announcement the draft lacks: no preview");
    });
  });
}
