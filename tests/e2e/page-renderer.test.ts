// The renderer publishing uses (server/pages/page-renderer.ts) makes the build's page: rendered from the build's own content it
// is byte for byte the prerendered file (build and publish cannot drift), and rendered from an
// edition (vacancies, a section's text in the small markup) it shows the edition. Needs
// `npm run build`.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { defaultServicesTexts, serviceBlocks } from "../../content/services.ts";
import { siteContentDefaults } from "../../content/site-content-defaults.ts";
import { prerenderedPaths } from "../../content/site-pages.ts";
import { defaultVacancies } from "../../content/vacancies.ts";
import { createPageRenderer } from "../../server/pages/page-renderer.ts";
import { appealIslandOf, withAppealIsland } from "../../server/site/appeal-island.ts";
import { staffPageHandler } from "../support/staff-test-app.ts";

const built = (name: string) =>
  readFile(new URL(`../../build/client/${name}`, import.meta.url), "utf8");

test("the build's content renders to the prerendered /vacancies and its data, byte for byte", async () => {
  const render = createPageRenderer(await staffPageHandler());
  const fromDefaults = await render("/vacancies", { vacancies: defaultVacancies });
  assert.equal(fromDefaults.html, await built("vacancies/index.html"));
  assert.equal(fromDefaults.data, await built("vacancies.data"));
  const withoutEdition = await render("/vacancies", {});
  assert.equal(withoutEdition.html, fromDefaults.html);
});

test("every prerendered page renders from the build's content byte for byte, with its data", async () => {
  // A publish of the contacts re-renders every page (the footer): each must come out as built.
  const render = createPageRenderer(await staffPageHandler());
  for (const path of prerenderedPaths) {
    const fromDefaults = await render(path, siteContentDefaults);
    const file = path === "/" ? "index.html" : `${path.slice(1)}/index.html`;
    const page = await built(file);
    // /appeals: with the island the build adds after rendering (the publisher adds it too).
    const island = appealIslandOf(page);
    const html = island ? withAppealIsland(fromDefaults.html, island) : fromDefaults.html;
    assert.equal(html, page, path);
    assert.equal(fromDefaults.data, await built(fromDefaults.dataPath.slice(1)), path);
  }
});

test("an edition's content is what the rendered page shows", async () => {
  const render = createPageRenderer(await staffPageHandler());
  const [first, second] = defaultVacancies.vacancies;
  assert.ok(first && second);
  const edition = {
    vacancies: [second, { ...first, title: "Лаборант", salary: { amount: 61000, net: false } }],
  };
  const { html } = await render("/vacancies", { vacancies: edition });
  assert.match(
    html,
    /Лаборант<\/h2><p class="vacancy__salary">61\u00a0000\u00a0₽ в\u00a0месяц<\/p>/,
  );
  assert.ok(html.indexOf("Экономист") < html.indexOf("Лаборант"), "in the edition's order");
  assert.doesNotMatch(html, /Химик-агрохимик/);
  const none = await render("/vacancies", { vacancies: { vacancies: [] } });
  assert.match(none.html, /Открытых вакансий сейчас нет\./);
});

test("a section's text in the markup is what /services shows; typed HTML is text", async () => {
  const render = createPageRenderer(await staffPageHandler());
  const services = {
    sections: defaultServicesTexts.sections.map((section) =>
      section.id === "water-analysis"
        ? { id: section.id, text: "Вода **из скважин**.\n\n1. Отбор\n2. Анализ <b>x</b>" }
        : section.id === "soil-expertise"
          ? { id: section.id, text: "См. [бланки](/applications)." }
          : section,
    ),
  };
  const { html } = await render("/services", { services });
  assert.match(
    html,
    /Анализ воды<\/h2><p>Вода <strong>из скважин<\/strong>\.<\/p><ol><li>Отбор<\/li><li>Анализ &lt;b&gt;x&lt;\/b&gt;<\/li><\/ol><\/article>/,
  );
  assert.match(
    html,
    /<div class="more-info__body"><p>См\. <a href="\/applications">бланки<\/a>\.<\/p><\/div>/,
  );
  const feed = serviceBlocks[0];
  assert.ok(feed && html.includes(`<p>${feed.summary}</p>`), "other blocks as built");
});

test("the investors' and the appeals page's texts in the markup are what those pages show", async () => {
  const render = createPageRenderer(await staffPageHandler());
  const investors = await render("/to_investors", {
    investors: {
      sections: [
        { id: "intro", text: "Карта **обновлена**." },
        { id: "map-instructions", text: "1. Откройте карту.\n2. Найдите участок." },
        { id: "programme", text: "<i>программа</i>" },
      ],
    },
  });
  assert.match(investors.html, /<p class="lead">Карта <strong>обновлена<\/strong>\.<\/p>/);
  assert.match(investors.html, /<ol><li>Откройте карту\.<\/li><li>Найдите участок\.<\/li><\/ol>/);
  assert.match(investors.html, /<p>&lt;i&gt;программа&lt;\/i&gt;<\/p>/);
  const appeals = await render("/appeals", {
    appeals: {
      sections: [
        { id: "rules", text: "Правила:\n\n- первое\n- второе" },
        {
          id: "channel-note",
          text: "Через [Госуслуги](https://www.gosuslugi.ru) — с подтверждением.",
        },
      ],
    },
  });
  assert.match(
    appeals.html,
    /Правила приёма обращений<\/h2><p>Правила:<\/p><ul><li>первое<\/li><li>второе<\/li><\/ul><\/section>/,
  );
  assert.match(
    appeals.html,
    /<p>Через <a href="https:\/\/www\.gosuslugi\.ru">Госуслуги<\/a> — с подтверждением\.<\/p>/,
  );
});
