// The home page: banner, sticky anchor bar to the five sections, the history timeline.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { openPage, siteAndBrowserForTests } from "./harness.ts";
import { fetchHtml, plainText } from "./raw-html.ts";
import { phoneProblems } from "./tap-targets.ts";

const env = siteAndBrowserForTests();

const sections = [
  { id: "gov-task", label: "Государственное задание" },
  { id: "lab-research", label: "Лабораторные исследования" },
  { id: "projects", label: "Проектная деятельность" },
  { id: "land-inventory", label: "Инвентаризация земель" },
  { id: "history", label: "Историческая справка" },
];

describe("home page, raw HTML", () => {
  test("banner headline, the five sections with stable ids, survey periods, three laboratories", async () => {
    const html = await fetchHtml(env.site.baseUrl, "/");
    const text = plainText(html);
    assert.match(html, /<h1[^>]*>РАБОТАЕМ С ВАМИ БОЛЕЕ 60 ЛЕТ<\/h1>/);
    assert.match(html, /<header class="site-header site-header--over-banner"/);
    for (const section of sections) {
      assert.match(html, new RegExp(`<section id="${section.id}"`), section.id);
      assert.match(html, new RegExp(`<a class="anchor-bar__link" href="#${section.id}">`));
    }
    assert.match(text, /не реже одного раза в 5 лет/);
    assert.match(text, /не реже одного раза в 15 лет/);
    for (const laboratory of [
      "Агрохимическая лаборатория",
      "Лаборатория анализа кормов и продукции растениеводства",
      "Эколого-токсикологическая и радиологическая лаборатория",
    ]) {
      assert.ok(text.includes(laboratory), laboratory);
    }
    assert.equal(html.match(/<li[^>]*class="card"/g)?.length, 3, "three laboratory cards");
  });

  test("history is an ordered timeline of 1964, 1976, 1995, 1999, 2011 and 2025", async () => {
    const html = await fetchHtml(env.site.baseUrl, "/");
    const timeline = html.match(/<ol class="timeline">([\s\S]*?)<\/ol>/)?.[1] ?? "";
    const years = [...timeline.matchAll(/<time[^>]*dateTime="(\d{4})"/gi)].map((m) => m[1]);
    assert.deepEqual(years, ["1964", "1976", "1995", "1999", "2011", "2025"]);
  });

  test("illustrations have alt text, size and lazy loading", async () => {
    const html = await fetchHtml(env.site.baseUrl, "/");
    const images = html.match(/<img\b[^>]*>/g) ?? [];
    assert.ok(images.length >= 4);
    for (const image of images) {
      assert.match(image, /alt="[^"]{10,}"/, image);
      assert.match(image, /width="\d+"/, image);
      assert.match(image, /height="\d+"/, image);
      assert.match(image, /loading="lazy"/, image);
    }
  });
});

describe("home page in Chromium (no JavaScript on this page)", () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 320, height: 640 },
  ]) {
    test(`${viewport.width} px: each anchor link brings its section into view under the sticky bar`, async () => {
      const watched = await openPage(env.browser, { viewport });
      const { page } = watched;
      try {
        await page.goto(`${env.site.baseUrl}/`, { waitUntil: "load" });
        const bar = page.getByRole("navigation", { name: "Разделы главной страницы" });
        for (const section of sections) {
          const link = bar.getByRole("link", { name: section.label, exact: true });
          await link.click();
          await page.waitForFunction((hash) => location.hash === hash, `#${section.id}`);
          assert.equal(new URL(page.url()).hash, `#${section.id}`);
          // The bar stays at the top of the viewport (sticky) and the heading sits below it.
          const [barBox, headingTop] = await Promise.all([
            bar.boundingBox(),
            page
              .locator(`#${section.id} h2`)
              .evaluate((heading) => heading.getBoundingClientRect().top),
          ]);
          assert.ok(barBox, "anchor bar is rendered");
          assert.ok(barBox.y > -1, `the bar stays in view (y = ${barBox.y})`);
          assert.ok(
            headingTop >= barBox.y + barBox.height - 1 && headingTop < viewport.height,
            `${section.id} heading at ${headingTop}px is visible below the bar`,
          );
        }
        // Far down the page the bar has stuck to the top of the viewport.
        const barY = (await bar.boundingBox())?.y ?? Number.NaN;
        assert.ok(Math.abs(barY) < 1, `bar sticks to the top (y = ${barY})`);
        assert.deepEqual(watched.consoleErrors, []);
      } finally {
        await watched.close();
      }
    });
  }

  test("320 px: the anchor bar scrolls sideways inside itself, the page does not", async () => {
    const watched = await openPage(env.browser, { viewport: { width: 320, height: 640 } });
    const { page } = watched;
    try {
      await page.goto(`${env.site.baseUrl}/`, { waitUntil: "load" });
      const list = page.locator(".anchor-bar__list");
      const [scrollWidth, clientWidth] = await list.evaluate((element) => [
        element.scrollWidth,
        element.clientWidth,
      ]);
      assert.ok(scrollWidth > clientWidth, "the links overflow the bar at 320 px");
      const pageOverflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(pageOverflow, 0);
      // The last link is reachable by keyboard and scrolls into view inside the bar.
      const last = page.getByRole("link", { name: "Историческая справка", exact: true });
      await last.focus();
      assert.ok(await last.isVisible());
    } finally {
      await watched.close();
    }
  });

  test("390 × 844: the first screen names the tasks, each a target of 44 px or more, and the phone", async () => {
    const watched = await openPage(env.browser, { viewport: { width: 390, height: 844 } });
    const { page } = watched;
    try {
      await page.goto(`${env.site.baseUrl}/`, { waitUntil: "load" });
      const tasks = page.getByRole("navigation", { name: "Чем мы можем помочь" });
      const found: string[] = [];
      for (const [name, href] of [
        ["Услуги и цены", "/services"],
        ["Подать обращение", "/appeals"],
        ["Контакты", "/contacts"],
        ["Поиск по сайту", "/search"],
        ["(8332) 00-00-00", "tel:+78332000000"],
      ]) {
        const link = tasks.getByRole("link", { name, exact: true });
        assert.equal(await link.getAttribute("href"), href, name);
        const box = await link.boundingBox();
        if (!box || box.y + box.height > 844) found.push(`${name}: below the first screen`);
        else if (box.height < 44 || box.width < 44)
          found.push(`${name}: ${box.width}×${box.height}`);
      }
      assert.deepEqual(found, []);
    } finally {
      await watched.close();
    }
  });
});

describe("phone pages (issue 44)", () => {
  test("320 px: /, /contacts and /appeals/review have no element wider than the screen and no tap target under 44 px", async () => {
    const watched = await openPage(env.browser, { viewport: { width: 320, height: 640 } });
    const { page } = watched;
    const found: string[] = [];
    try {
      for (const path of ["/", "/contacts", "/appeals/review"]) {
        await page.goto(`${env.site.baseUrl}${path}`, { waitUntil: "load" });
        for (const problem of await phoneProblems(page)) found.push(`${path}: ${problem}`);
      }
    } finally {
      await watched.close();
    }
    assert.deepEqual(found, []);
  });
});
