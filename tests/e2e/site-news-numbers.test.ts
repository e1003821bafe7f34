// An announcement keeps one number from its creation to its removal, the same in the editor
// («Объявление N»), at its address (/news/N) and on «Содержание сайта» («№ N»), and a number is
// never given twice, not even after its announcement is taken off (issue 43). Two announcements
// are written and published by a head, one is taken off, another is written: it is number 3, in
// the editor, at /news/3 and on the overview, and /news/2 stays «Страница не найдена». A new
// announcement never published offers «Удалить»; a published one «Снять объявление». In
// Chromium, on SQLite (decision 0051). Needs the build.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { browserStores } from "../support/test-databases.ts";
import { browserForTests, editingSiteForTests } from "./site-editor-checks.ts";

const env = browserForTests();

/** A new announcement, first in the form, written; the form is not saved yet. */
async function addAnnouncement(head: Page, title: string) {
  await head.getByRole("button", { name: "Добавить объявление" }).click();
  await head.locator("#announcement-0-title").fill(title);
  await head.locator("#announcement-0-date").fill("2026-11-25");
  await head.locator("#announcement-0-text").fill(`${title}: подробности.`);
}

async function publish(head: Page) {
  await head.getByRole("button", { name: "Опубликовать", exact: true }).click();
  await head.getByText("Опубликовано: страница на сайте обновлена.").waitFor();
}

/** The editor's announcements as their fieldsets name them, in the form's order. */
const legends = async (head: Page) =>
  (await head.locator("fieldset > legend").allTextContents()).filter((legend) =>
    legend.startsWith("Объявление"),
  );

for (const kind of browserStores) {
  describe(`announcement numbers (${kind.name})`, { concurrency: false }, () => {
    const editing = editingSiteForTests(env, kind);
    const get = (path: string) => fetch(`${editing.site.baseUrl}${path}`);

    test("numbers never repeat; the editor, the address and the overview show the same one", async () => {
      const { site, head } = editing;
      await head.goto(`${site.baseUrl}/staff/site/news`);
      await addAnnouncement(head, "Первое объявление");
      // Never published: deleted, not taken off. (Its legend has its title once the form is
      // shown again.)
      const first = head.getByRole("group", { name: "Объявление 1", exact: true });
      await first.getByRole("button", { name: /^Удалить/ }).waitFor();
      assert.equal(await first.getByRole("button", { name: /^Снять объявление/ }).count(), 0);
      await first.getByText("Адрес на сайте: /news/1").waitFor();
      await publish(head);

      await addAnnouncement(head, "Второе объявление");
      await head.getByText("Адрес на сайте: /news/2").waitFor();
      await publish(head);
      assert.deepEqual(await legends(head), [
        "Объявление 2: Второе объявление",
        "Объявление 1: Первое объявление",
      ]);
      assert.equal((await get("/news/1")).status, 200);
      assert.equal((await get("/news/2")).status, 200);

      // The newest taken off: published, it is taken off, not deleted.
      const second = head.getByRole("group", { name: "Объявление 2: Второе объявление" });
      await second.getByRole("button", { name: /^Снять объявление\W+объявление 2$/ }).click();
      assert.deepEqual(await legends(head), ["Объявление 1: Первое объявление"]);
      await publish(head);
      assert.equal((await get("/news/2")).status, 404);

      // Another one: number 3, never the freed 2, before and after it is saved and published.
      await addAnnouncement(head, "Третье объявление");
      assert.deepEqual(await legends(head), ["Объявление 3", "Объявление 1: Первое объявление"]);
      await head.getByText("Адрес на сайте: /news/3").waitFor();
      await head.getByRole("button", { name: "Сохранить черновик" }).click();
      await head.getByText("Черновик сохранён.").waitFor();
      assert.deepEqual(await legends(head), [
        "Объявление 3: Третье объявление",
        "Объявление 1: Первое объявление",
      ]);
      await head.goto(`${site.baseUrl}/staff/site`);
      const overview = head.getByRole("region", { name: "Объявления" });
      await overview
        .getByRole("row", { name: /№\s3: Третье объявление Черновик \(новое\)/ })
        .waitFor();
      await overview.getByRole("row", { name: /№\s1: Первое объявление Опубликована/ }).waitFor();
      assert.equal(await overview.getByRole("row", { name: /№\s2:/ }).count(), 0);

      await head.goto(`${site.baseUrl}/staff/site/news`);
      await publish(head);
      const third = await get("/news/3");
      assert.equal(third.status, 200);
      assert.match(await third.text(), /Третье объявление/);
      assert.equal((await get("/news/2")).status, 404);

      // A draft's new announcement removed before it was saved: its number is not given again.
      await addAnnouncement(head, "Четвёртое объявление");
      await head
        .getByRole("group", { name: "Объявление 4", exact: true })
        .getByRole("button", { name: /^Удалить/ })
        .click();
      await head.getByRole("button", { name: "Добавить объявление" }).click();
      assert.equal((await legends(head))[0], "Объявление 5");
      // Three announcements: the editor's contents list names each by the same number.
      const parts = head.getByRole("navigation", { name: "Части формы" });
      assert.deepEqual(await parts.getByRole("link").allTextContents(), [
        "Объявление 5",
        "Объявление 3: Третье объявление",
        "Объявление 1: Первое объявление",
      ]);
      await parts.getByRole("link", { name: "Объявление 3: Третье объявление" }).click();
      assert.equal(new URL(head.url()).hash, "#announcement-1");
    });
  });
}
