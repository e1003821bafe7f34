// /services and /services/special_offer: the tabs, the nine blocks, the 'Больше информации'
// disclosures (with and without JavaScript), every package and price of the specification.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { openPage, siteAndBrowserForTests } from "./harness.ts";
import { fetchHtml, mainText, plainText, rubles } from "./raw-html.ts";

const env = siteAndBrowserForTests();

const tabs = [
  { label: "Все услуги", path: "/services" },
  { label: "Спецпредложения", path: "/services/special_offer" },
];

describe("services tabs", () => {
  for (const current of tabs) {
    test(`${current.path}: both tabs link to their pages, the current one has aria-current`, async () => {
      const html = await fetchHtml(env.site.baseUrl, current.path);
      const nav = html.match(/<nav class="services-tabs"[^>]*>([\s\S]*?)<\/nav>/)?.[1] ?? "";
      for (const tab of tabs) {
        const link = nav.match(new RegExp(`<a [^>]*href="${tab.path}"[^>]*>${tab.label}</a>`));
        assert.ok(link, `tab ${tab.label}`);
        assert.equal(
          link[0].includes('aria-current="page"'),
          tab.path === current.path,
          `${tab.label} aria-current`,
        );
      }
    });
  }
});

describe("/services, raw HTML", () => {
  test("the nine service blocks", async () => {
    const text = plainText(await fetchHtml(env.site.baseUrl, "/services"));
    for (const title of [
      "Анализ кормов и растениеводческой продукции",
      "Анализ воды",
      "Анализ почвы",
      "Анализ удобрений",
      "Радиологические измерения",
      "Проект рекультивации земель",
      "Проектно-сметная документация",
      "Интерактивные карты",
      "Полевые опыты",
    ]) {
      assert.ok(text.includes(title), title);
    }
    const html = await fetchHtml(env.site.baseUrl, "/services");
    assert.equal(html.match(/<article /g)?.length, 9);
  });

  test("soil expertise and soil-ecological monitoring each have a closed <details> 'Больше информации'", async () => {
    const html = await fetchHtml(env.site.baseUrl, "/services");
    const details = html.match(/<details\b[^>]*>[\s\S]*?<\/details>/g) ?? [];
    assert.equal(details.length, 2);
    for (const [index, topic] of [
      "Почвенная экспертиза",
      "Почвенно-экологический мониторинг",
    ].entries()) {
      const block = details[index] ?? "";
      assert.doesNotMatch(block, /<details[^>]*\bopen\b/);
      assert.match(block, /<summary[^>]*>Больше информации<span class="visually-hidden"> — /);
      assert.ok(mainText(block).includes(topic), topic);
    }
  });
});

/** Chromium's own accessibility tree (what a screen reader gets) for the disclosure buttons. */
async function disclosureButtons(page: Page) {
  const session = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await session.send("Accessibility.getFullAXTree")) as {
      nodes: {
        role?: { value?: string };
        name?: { value?: string };
        properties?: { name: string; value: { value?: unknown } }[];
      }[];
    };
    return nodes
      .filter((node) => node.role?.value === "DisclosureTriangle")
      .map((node) => ({
        name: node.name?.value ?? "",
        expanded: node.properties?.find((property) => property.name === "expanded")?.value.value,
      }));
  } finally {
    await session.detach();
  }
}

const topics = ["Почвенная экспертиза", "Почвенно-экологический мониторинг"];

describe("/services in Chromium: the disclosures open and close", () => {
  for (const javaScriptEnabled of [false, true]) {
    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: by click and by keyboard, state announced`, async () => {
      const watched = await openPage(env.browser, { javaScriptEnabled });
      const { page } = watched;
      try {
        await page.goto(`${env.site.baseUrl}/services`, { waitUntil: "load" });
        // A screen reader hears a collapsed button named after what it opens.
        assert.deepEqual(
          await disclosureButtons(page),
          topics.map((topic) => ({ name: `Больше информации — ${topic}`, expanded: false })),
        );
        for (const [index, topic] of topics.entries()) {
          const details = page.locator("details", { hasText: topic });
          const summary = details.locator("summary");
          const body = details.locator(".more-info__body");
          const isOpen = () => details.evaluate((element) => element.hasAttribute("open"));
          assert.equal(await isOpen(), false);
          assert.equal(await body.isVisible(), false);

          await summary.click();
          assert.equal(await isOpen(), true);
          assert.equal(await body.isVisible(), true);
          assert.equal((await disclosureButtons(page))[index]?.expanded, true);
          await summary.click();
          assert.equal(await isOpen(), false);
          assert.equal(await body.isVisible(), false);
          assert.equal((await disclosureButtons(page))[index]?.expanded, false);

          await summary.focus();
          await page.keyboard.press("Enter");
          assert.equal(await isOpen(), true);
          await page.keyboard.press("Space");
          assert.equal(await isOpen(), false);
        }
        assert.deepEqual(watched.consoleErrors, []);
      } finally {
        await watched.close();
      }
    });
  }
});

describe("/services/special_offer, raw HTML", () => {
  test("every package and price of the specification, in tables, with VAT noted", async () => {
    const html = await fetchHtml(env.site.baseUrl, "/services/special_offer");
    const tables = html.match(/<table\b[\s\S]*?<\/table>/g) ?? [];
    const tableText = tables.map(mainText).join("\n");
    const expected: [string, string][] = [
      ["Пакет № 1 «Эксперт»", "2 106"],
      ["Пакет № 2 «Стандарт»", "3 720"],
      ["Пакет № 3 «Основной»", "7 200"],
      ["Экспресс-анализ", "2 280"],
      ["Пакет № 4", "3 240"],
      ["Пакет № 5 «Зимний»", "2 040"],
      ["Отбор проб силоса или сенажа", "1 320"],
      ["Пакет «Скважина»", "996"],
      ["Пакет «Грядка»", "996"],
      ["Рекомендации", "360"],
    ];
    for (const [name, price] of expected) {
      const row = tables
        .flatMap((table) => table.match(/<tr\b[\s\S]*?<\/tr>/g) ?? [])
        .map(mainText)
        .find((rowText) => rowText.replace(/\u00A0/g, " ").includes(name));
      assert.ok(row, `a table row for ${name}`);
      assert.ok(row.includes(rubles(price)), `${name}: ${rubles(price)} with non-breaking spaces`);
    }
    assert.equal(tableText.match(/Рекомендации \(по\u00A0желанию\)/g)?.length, 2);
    assert.match(tableText, /с\u00A0НДС/);

    const text = plainText(html);
    for (const phrase of [
      "Все цены указаны с учётом НДС",
      "Скидка 10 % при одновременной сдаче более 10 образцов",
      "Срок проведения исследований — до 10 рабочих дней",
      "Срок — до 3 рабочих дней",
      "Выезд специалиста — от 3 образцов",
      "Транспортные расходы — по договорённости",
      "3–5 дней",
      "1,5 литра воды",
      "200–300 г почвы",
      "по диагонали",
      "20–25 см",
    ]) {
      assert.ok(text.includes(phrase), phrase);
    }
  });
});
