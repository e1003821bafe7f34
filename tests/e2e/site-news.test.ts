// «Новости и объявления» edited by staff, in Chromium, on SQLite (decision 0051): with none, /news says so
// and the home page has no news block; an editor writes an announcement in the small markup and
// submits it; nothing changes publicly; a head approves; it has a page of its own (bold, a list,
// a link; typed HTML shows as text), it is on /news, on the home page, in the Atom feed (parsed
// as XML by the browser) and in the sitemap, and a server started afterwards serves it too; each
// of these pages is valid HTML, axe-clean, without script, fitting 320 px. Taken off, its page
// answers 404 and «История» keeps it. A home section's text in the same markup: published, shown
// as bold and a link with typed HTML as text; the build's text restored, the home page is as
// before. An announcement's picture: a PDF given as the picture and a picture without words are
// refused, each saying why; with its words it is saved as a draft, which /staff/site lists
// beside the published announcement; published, /news/<id> shows it with its alt, width and
// height, and the feed links it. Needs the build.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { browserStores } from "../support/test-databases.ts";
import { startSite } from "./harness.ts";
import {
  assertEditorSound,
  assertPublicPageSound,
  assertValidHtml,
  browserForTests,
  editingSiteForTests,
  editorPageHtml,
  headApproves,
  headRestoresBuildContent,
} from "./site-editor-checks.ts";

const pages: { name: string; html: string }[] = [];

const env = browserForTests();

const title = "Приём проб почвы на весенний сезон";
const text = [
  "Принимаем пробы **с 1 марта**. Бланк заявки — на [странице бланков](/applications).",
  "",
  "- почва: 200–300 г",
  "- вода: 1,5 л",
  "",
  "<script>alert(1)</script> и [ссылка](javascript:alert(1)) остаются текстом.",
].join("\n");

const pictureTitle = "Открыт пункт приёма проб в Слободском";
const pictureAlt = "Вход в пункт приёма проб: вывеска центра над дверью";

/** The feed as the browser's XML parser reads it: the entries' titles and links, or the error. */
async function feedEntries(viewer: Page, url: string) {
  const body = await (await fetch(url)).text();
  return viewer.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, "application/xml");
    const error = doc.querySelector("parsererror")?.textContent;
    if (error) return { error, entries: [] };
    const atom = "http://www.w3.org/2005/Atom";
    if (doc.documentElement.namespaceURI !== atom || doc.documentElement.localName !== "feed") {
      return { error: "not an Atom feed", entries: [] };
    }
    return {
      error: null,
      entries: [...doc.getElementsByTagNameNS(atom, "entry")].map((entry) => ({
        title: entry.getElementsByTagNameNS(atom, "title")[0]?.textContent,
        link: entry.getElementsByTagNameNS(atom, "link")[0]?.getAttribute("href"),
        enclosure: [...entry.getElementsByTagNameNS(atom, "link")]
          .find((link) => link.getAttribute("rel") === "enclosure")
          ?.getAttribute("type"),
        content: entry.getElementsByTagNameNS(atom, "content")[0]?.textContent,
        updated: entry.getElementsByTagNameNS(atom, "updated")[0]?.textContent,
      })),
    };
  }, body);
}

for (const kind of browserStores) {
  describe(`announcements edited by staff (${kind.name})`, { concurrency: false }, () => {
    const editing = editingSiteForTests(env, kind);
    const get = (path: string) => fetch(`${editing.site.baseUrl}${path}`);

    test("with no announcement, /news says so, the home page has none, the feed is empty", async () => {
      const { site, head } = editing;
      const news = await (await get("/news")).text();
      assert.match(news, /Новостей и объявлений пока нет\./);
      assert.match(
        news,
        /<link rel="alternate" type="application\/atom\+xml" title="Новости и объявления" href="[^"]+\/news\/feed\.atom"\/>/,
      );
      assert.doesNotMatch(await (await get("/")).text(), /home-news-title/);
      assert.deepEqual(await feedEntries(head, `${site.baseUrl}/news/feed.atom`), {
        error: null,
        entries: [],
      });
      assert.equal((await get("/news/1")).status, 404);
    });

    test("an editor's announcement waits for a head; approved, it is on /news, its page, the home page and the feed", async () => {
      const { site, editor, head } = editing;
      const before = await (await get("/news")).text();
      await editor.goto(`${site.baseUrl}/staff/site`);
      await editor.getByRole("link", { name: "Новости и объявления" }).click();
      await editor.getByRole("button", { name: "Добавить объявление" }).click();
      await editor.locator("#announcement-0-title").fill(title);
      await editor.locator("#announcement-0-date").fill("2026-11-20");
      await editor.locator("#announcement-0-text").fill(text);
      await assertEditorSound(editor);
      await editor.getByRole("button", { name: "Передать на согласование" }).click();
      await editor.getByText("Передано на согласование руководителю").waitFor();
      assert.equal(await (await get("/news")).text(), before, "nothing public before approval");
      assert.equal((await get("/news/1")).status, 404);

      await headApproves(head, site.baseUrl, "Новости и объявления");
      const news = await (await get("/news")).text();
      assert.match(news, new RegExp(`<a href="/news/1">${title}</a>`));
      assert.match(news, /<time dateTime="2026-11-20">20 ноября 2026\u00a0г\.<\/time>/);
      assert.doesNotMatch(news, /пока нет/);

      const page = await get("/news/1");
      assert.equal(page.status, 200);
      const announcement = await page.text();
      assert.match(announcement, new RegExp(`<h1 id="announcement-title">${title}</h1>`));
      assert.match(announcement, /<strong>с 1 марта<\/strong>/);
      assert.match(announcement, /<a href="\/applications">странице бланков<\/a>/);
      assert.match(announcement, /<ul><li>почва: 200–300 г<\/li><li>вода: 1,5 л<\/li><\/ul>/);
      assert.match(
        announcement,
        /&lt;script&gt;alert\(1\)&lt;\/script&gt; и \[ссылка\]\(javascript:alert\(1\)\) остаются текстом\./,
      );
      assert.match(announcement, /<link rel="canonical" href="[^"]+\/news\/1"\/>/);

      const home = await (await get("/")).text();
      assert.match(home, /<h2 id="home-news-title">Новости и объявления<\/h2>/);
      assert.match(home, new RegExp(`<h3 id="news-1-title"><a href="/news/1">${title}</a></h3>`));

      const feed = await feedEntries(head, `${site.baseUrl}/news/feed.atom`);
      assert.equal(feed.error, null);
      assert.equal(feed.entries.length, 1);
      const [entry] = feed.entries;
      assert.equal(entry?.title, title);
      assert.equal(entry?.enclosure, undefined, "no picture, no enclosure");
      assert.match(entry?.link ?? "", /^https?:\/\/[^/]+\/news\/1$/);
      assert.equal(entry?.updated, "2026-11-20T00:00:00+03:00");
      assert.match(entry?.content ?? "", /<strong>с 1 марта<\/strong>/);
      assert.match(entry?.content ?? "", /&lt;script&gt;/, "typed HTML is text in the feed too");

      const sitemap = await (await get("/sitemap.xml")).text();
      assert.match(sitemap, /\/news\/1<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
      assert.match(sitemap, /\/news<\/loc><lastmod>/);

      // A server that starts later shows the published announcement's page from its first answer.
      const later = await startSite({ databaseUrl: site.databaseUrl });
      try {
        const answer = await fetch(`${later.baseUrl}/news/1`);
        assert.equal(answer.status, 200);
        assert.match(await answer.text(), /<strong>с 1 марта<\/strong>/);
        assert.equal(
          (await feedEntries(head, `${later.baseUrl}/news/feed.atom`)).entries[0]?.title,
          title,
        );
      } finally {
        await later.close();
      }

      for (const [path, shows] of [
        ["/news/1", "с 1 марта"],
        ["/news", title],
        ["/", title],
      ] as const) {
        await assertPublicPageSound(env.browser, `${site.baseUrl}${path}`, shows);
      }
      pages.push({ name: `news-${kind.name}.html`, html: news });
      pages.push({ name: `announcement-${kind.name}.html`, html: announcement });
      pages.push({ name: `home-news-${kind.name}.html`, html: home });
      pages.push(await editorPageHtml(head, site.baseUrl, "news", `news-editor-${kind.name}.html`));
    });

    test("a picture needs its words and is a picture; the draft is listed beside the published one; published, /news/2 shows it", async () => {
      const { site, head } = editing;
      await head.goto(`${site.baseUrl}/staff/site/news`);
      await head.getByRole("button", { name: "Добавить объявление" }).click();
      await head.locator("#announcement-0-title").fill(pictureTitle);
      await head.locator("#announcement-0-date").fill("2026-11-25");
      await head.locator("#announcement-0-text").fill("Принимаем пробы почвы и воды по будням.");
      const upload = head.locator("#announcement-0-imageHref-upload");
      await upload.setInputFiles({
        name: "vhod.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
      });
      await head.getByRole("button", { name: "Сохранить черновик" }).click();
      await head
        .getByText(
          "Файл «vhod.pdf» не принят: Картинка объявления — это JPEG, PNG или WEBP. Ничего не сохранено.",
        )
        .waitFor();
      const photo = await readFile("tests/fixtures/answer-photo.jpg");
      await head
        .locator("#announcement-0-imageHref-upload")
        .setInputFiles({ name: "vhod.jpg", mimeType: "image/jpeg", buffer: photo });
      await head.getByRole("button", { name: "Сохранить черновик" }).click();
      const message =
        "Опишите картинку словами: это прочтут те, кто её не видит. Если картинка не нужна, нажмите «Убрать картинку».";
      await head
        .getByRole("alert")
        .getByRole("link", { name: `Объявление 2, описание картинки: ${message}` })
        .waitFor();
      assert.equal(
        await head.locator("#announcement-0-imageAlt-error").textContent(),
        `Ошибка: ${message}`,
      );
      assert.equal(await site.data.siteEditions.workedOn("news"), undefined, "nothing saved");
      // The picture was kept with the refused form: only its words are asked for.
      await head.getByText("Сейчас: vhod.jpg (JPEG)").waitFor();
      await head.locator("#announcement-0-imageAlt").fill(pictureAlt);
      await head.getByRole("button", { name: "Сохранить черновик" }).click();
      await head.getByText("Черновик сохранён.").waitFor();

      // «Содержание сайта»: the new one a draft, the published one published, each by its author.
      await head.goto(`${site.baseUrl}/staff/site`);
      const announcements = head.getByRole("region", { name: "Объявления" });
      await announcements
        .getByRole("row", { name: new RegExp(`№\\s2: ${pictureTitle} Черновик \\(новое\\) hanna`) })
        .waitFor();
      await announcements
        .getByRole("row", { name: new RegExp(`№\\s1: ${title} Опубликована hanna`) })
        .waitFor();
      await assertEditorSound(head);

      await head.goto(`${site.baseUrl}/staff/site/news`);
      await head.getByRole("button", { name: "Опубликовать", exact: true }).click();
      await head.getByText("Опубликовано: страница на сайте обновлена.").waitFor();
      const announcement = await (await get("/news/2")).text();
      const img =
        /<img class="announcement-image" src="(\/files\/[0-9a-f-]{36}\/vhod\.jpg)" alt="([^"]*)" width="120" height="80" decoding="async"\/>/.exec(
          announcement,
        );
      assert.ok(img, "the picture with its size, not lazy at the top of its page");
      assert.equal(img[2], pictureAlt);
      assert.equal((await get(img[1] ?? "")).headers.get("content-type"), "image/jpeg");
      const news = await (await get("/news")).text();
      assert.match(
        news,
        /<img class="announcement-image" src="\/files\/[^"]+" alt="[^"]+" width="120" height="80" decoding="async"\/>/,
      );
      const feed = await feedEntries(head, `${site.baseUrl}/news/feed.atom`);
      assert.deepEqual(
        feed.entries.map((entry) => [entry.title, entry.enclosure]),
        [
          [pictureTitle, "image/jpeg"],
          [title, undefined],
        ],
      );
      await assertPublicPageSound(env.browser, `${site.baseUrl}/news/2`, pictureTitle);
      pages.push({ name: `announcement-picture-${kind.name}.html`, html: announcement });
    });

    test("taken off, the announcement's page answers 404 and «История» keeps it", async () => {
      const { site, head } = editing;
      await head.goto(`${site.baseUrl}/staff/site/news`);
      // Both announcements off: the picture's (first in the form), then the first one.
      await head
        .getByRole("button", { name: /^Снять объявление/ })
        .first()
        .click();
      await head.getByRole("button", { name: /^Снять объявление/ }).click();
      await head.getByRole("button", { name: "Опубликовать", exact: true }).click();
      await head.getByText("Опубликовано: страница на сайте обновлена.").waitFor();
      assert.equal((await get("/news/1")).status, 404);
      assert.equal((await get("/news/2")).status, 404);
      assert.match(await (await get("/news")).text(), /Новостей и объявлений пока нет\./);
      assert.doesNotMatch(await (await get("/")).text(), /home-news-title/);
      assert.deepEqual((await feedEntries(head, `${site.baseUrl}/news/feed.atom`)).entries, []);
      assert.doesNotMatch(await (await get("/sitemap.xml")).text(), /\/news\/1</);
      // «История»: the edition that took it off, and the one that published it, kept whole.
      await head.goto(`${site.baseUrl}/staff/site/news`);
      const region = (number: number) =>
        head.getByRole("region", { name: `Изменения редакции ${number}` });
      await region(3)
        .getByRole("row", { name: new RegExp(`Объявление снято с сайта ${title}`) })
        .waitFor();
      const kept = await region(1)
        .getByRole("row", { name: /Объявление опубликовано/ })
        .textContent();
      assert.match(kept ?? "", new RegExp(title));
      await assertEditorSound(head);
    });

    test("a home section's text in the markup: published at once by a head, then the build's text restored", async () => {
      const { site, head } = editing;
      const built = await (await get("/")).text();
      await head.goto(`${site.baseUrl}/staff/site/home`);
      await head.getByRole("heading", { name: "Главная: тексты разделов" }).waitFor();
      await head
        .getByLabel("Раздел «Государственное задание»")
        .fill(
          "Учреждение ведёт **мониторинг** земель, см. [документы](/documents).\n\n<img src=x onerror=alert(1)>\n\n- раз в 5 лет\n- раз в 15 лет",
        );
      await assertEditorSound(head);
      await head.getByRole("button", { name: "Опубликовать", exact: true }).click();
      await head.getByText("Опубликовано: страница на сайте обновлена.").waitFor();
      const home = await (await get("/")).text();
      assert.match(
        home,
        /<p>Учреждение ведёт <strong>мониторинг<\/strong> земель, см\. <a href="\/documents">документы<\/a>\.<\/p><p>&lt;img src=x onerror=alert\(1\)&gt;<\/p><ul><li>раз в 5 лет<\/li><li>раз в 15 лет<\/li><\/ul>/,
      );
      await assertPublicPageSound(env.browser, `${site.baseUrl}/`, "мониторинг");
      pages.push({ name: `home-texts-${kind.name}.html`, html: home });
      await headRestoresBuildContent(head, site.baseUrl, "home");
      assert.equal(await (await get("/")).text(), built, "the home page as before the edit");
    });
  });
}

test("the published and the staff pages are valid HTML (W3C checker)", async () => {
  assert.equal(pages.length, browserStores.length * 6);
  await assertValidHtml(pages);
});
