// The slide-out menu is a native popover: it must work the same with JavaScript off (content
// pages) and on (the appeals page, whose form is an island), by mouse and by keyboard.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { openPage, siteAndBrowserForTests } from "./harness.ts";
import { assertPublicPageSound, assertValidHtml } from "./site-editor-checks.ts";

const env = siteAndBrowserForTests();

const menuIsOpen = (page: Page) =>
  page.locator("#site-menu").evaluate((menu) => menu.matches(":popover-open"));
const activeElementText = (page: Page) =>
  page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

const setups = [
  { name: "JavaScript off, content page", path: "/contacts", javaScriptEnabled: false },
  {
    name: "JavaScript on, the page with the form island",
    path: "/appeals",
    javaScriptEnabled: true,
  },
];

for (const { name, path, javaScriptEnabled } of setups) {
  describe(`menu with ${name}`, () => {
    test("opens and closes with the 'Меню' button and the close button", async () => {
      const watched = await openPage(env.browser, {
        javaScriptEnabled,
        viewport: { width: 360, height: 740 },
      });
      const { page } = watched;
      try {
        await page.goto(`${env.site.baseUrl}${path}`, { waitUntil: "networkidle" });
        const menuButton = page.getByRole("button", { name: "Меню", exact: true });
        const menu = page.getByRole("navigation", { name: "Меню сайта" });
        assert.equal(await menuIsOpen(page), false);
        assert.equal(await menu.isVisible(), false);

        await menuButton.click();
        assert.equal(await menuIsOpen(page), true);
        for (const label of [
          "Услуги",
          "Документы",
          "Структура",
          "Обращения граждан",
          "Инвесторам",
          "Вакансии",
        ]) {
          assert.ok(
            await menu.getByRole("link", { name: label }).isVisible(),
            `${label} is in the open menu`,
          );
        }
        // On a narrow screen the bar's own links move into the menu.
        assert.ok(await menu.getByRole("link", { name: "Бланки заявлений" }).isVisible());
        assert.ok(await menu.getByRole("link", { name: "Контакты" }).isVisible());

        await menu.getByRole("button", { name: "Закрыть меню" }).click();
        assert.equal(await menuIsOpen(page), false);

        await menuButton.click();
        await menu.getByRole("link", { name: "Вакансии" }).click();
        await page.waitForURL(`${env.site.baseUrl}/vacancies`);
        assert.deepEqual(watched.consoleErrors, []);
      } finally {
        await watched.close();
      }
    });

    test("keyboard: Tab reaches the button, Enter opens, Tab enters the menu, Escape closes and focus returns", async () => {
      const watched = await openPage(env.browser, {
        javaScriptEnabled,
        viewport: { width: 360, height: 740 },
      });
      const { page } = watched;
      try {
        await page.goto(`${env.site.baseUrl}${path}`, { waitUntil: "networkidle" });
        let reached = false;
        for (let press = 0; press < 15 && !reached; press++) {
          await page.keyboard.press("Tab");
          reached = (await activeElementText(page)) === "Меню";
        }
        assert.ok(reached, "Tab reaches the menu button");

        await page.keyboard.press("Enter");
        assert.equal(await menuIsOpen(page), true);
        await page.keyboard.press("Tab");
        assert.equal(await activeElementText(page), "Закрыть меню", "first the close control");
        await page.keyboard.press("Tab");
        assert.equal(
          await page.evaluate(() => document.activeElement?.getAttribute("name")),
          "q",
          "the next Tab stop is the menu's search field",
        );
        await page.keyboard.press("Tab");
        assert.equal(await activeElementText(page), "Найти");
        await page.keyboard.press("Tab");
        assert.equal(await activeElementText(page), "Услуги", "then the menu's first link");

        await page.keyboard.press("Escape");
        assert.equal(await menuIsOpen(page), false);
        assert.equal(await activeElementText(page), "Меню", "focus returns to the menu button");
      } finally {
        await watched.close();
      }
    });
  });
}

describe("wide screens", () => {
  test("applications and contacts sit in the bar, the menu holds the rest; social links open a new tab", async () => {
    const watched = await openPage(env.browser, {
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 800 },
    });
    const { page } = watched;
    try {
      await page.goto(`${env.site.baseUrl}/services`);
      const quickLinks = page.getByRole("navigation", { name: "Быстрые ссылки" });
      assert.ok(await quickLinks.getByRole("link", { name: "Бланки заявлений" }).isVisible());
      assert.ok(await quickLinks.getByRole("link", { name: "Контакты" }).isVisible());

      await page.getByRole("button", { name: "Меню", exact: true }).click();
      const menu = page.getByRole("navigation", { name: "Меню сайта" });
      assert.ok(await menu.getByRole("link", { name: "Услуги" }).isVisible());
      assert.equal(await menu.getByRole("link", { name: "Контакты" }).isVisible(), false);

      const social = page.locator(".site-header__bar .social-links a");
      assert.equal(await social.count(), 3);
      for (const link of await social.all()) {
        assert.equal(await link.getAttribute("target"), "_blank");
        assert.equal(await link.getAttribute("rel"), "noopener noreferrer");
        assert.match((await link.textContent()) ?? "", /откроется в новой вкладке/);
      }
      await page.getByRole("link", { name: /ФГБУ/ }).first().click();
      await page.waitForURL(`${env.site.baseUrl}/`);
    } finally {
      await watched.close();
    }
  });
});

// The site's search (issue 29) from the home page with JavaScript off: the field in the menu on a
// narrow screen, in the bar on a wide one; a plain GET form, answered by the server.
describe("search from the home page, JavaScript off", () => {
  for (const { name, width, inMenu } of [
    { name: "narrow: in the menu", width: 320, inMenu: true },
    { name: "wide: in the bar", width: 1280, inMenu: false },
  ]) {
    test(name, async () => {
      const watched = await openPage(env.browser, {
        javaScriptEnabled: false,
        viewport: { width, height: 800 },
      });
      const { page } = watched;
      try {
        await page.goto(`${env.site.baseUrl}/`);
        if (inMenu) await page.getByRole("button", { name: "Меню", exact: true }).click();
        const form = page.getByRole("search", {
          name: inMenu ? "Поиск по сайту в меню" : "Поиск по сайту",
        });
        assert.equal(await page.getByRole("search").count(), 1, "one search form is shown");
        await form.getByLabel("Поиск по сайту").fill("вакансиии");
        await form.getByRole("button", { name: "Найти" }).click();
        await page.waitForURL(/\/search\?q=/);
        assert.equal(new URL(page.url()).searchParams.get("q"), "вакансиии");
        await page.getByRole("heading", { level: 1, name: "Поиск по сайту" }).waitFor();
        const result = page.getByRole("listitem").filter({ hasText: "Раздел: Вакансии" });
        await result.getByRole("link", { name: "Вакансии" }).click();
        await page.waitForURL(`${env.site.baseUrl}/vacancies`);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.equal(overflow, 0, "nothing wider than the screen");
        assert.deepEqual(watched.consoleErrors, []);
      } finally {
        await watched.close();
      }
    });
  }

  test("the results page and the nothing-found page: valid HTML, axe-clean, no script, fit 320 px and 200% zoom", async () => {
    const pages = [];
    for (const [query, shows] of [
      ["анализ почвы", "Раздел: Спецпредложения"],
      ["телефон", "Лучший ответ"],
      ["сколько стоит анализ зюзюбликовщины", "Не найдено:"],
      ["зюзюбликовщина", "Чаще всего посетители ищут:"],
    ] as const) {
      const url = `${env.site.baseUrl}/search?q=${encodeURIComponent(query)}`;
      await assertPublicPageSound(env.browser, url, shows);
      pages.push({ name: `search-${pages.length}.html`, html: await (await fetch(url)).text() });
    }
    await assertValidHtml(pages);
  });
});
