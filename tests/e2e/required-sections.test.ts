// Issue 29's required sections as a visitor reaches them without JavaScript: each from the home
// page in at most two clicks (the footer's links, then the section's own), each subsection of
// «Противодействие коррупции» with its text, and the consent link of the appeal form opening the
// consent's own text with the version an appeal records.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { anticorruptionSections } from "../../content/anticorruption.ts";
import { consentText, consentTextVersion } from "../../domain/appeals/consent-text.ts";
import { openPage, siteAndBrowserForTests } from "./harness.ts";

const env = siteAndBrowserForTests();

/** The footer of the page open now. */
const footer = (page: import("playwright-core").Page) => page.getByRole("contentinfo");

describe("the required sections without JavaScript", () => {
  test("each is reached from the home page in at most two clicks", async () => {
    const { page, consoleErrors, close } = await openPage(env.browser, {
      javaScriptEnabled: false,
    });
    try {
      const fromHome = async (links: readonly string[], heading: string) => {
        await page.goto(`${env.site.baseUrl}/`);
        assert.ok(links.length <= 2, `${heading}: ${links.length} clicks`);
        for (const [index, name] of links.entries()) {
          const scope = index === 0 ? footer(page) : page.locator("main");
          await scope.getByRole("link", { name, exact: true }).click();
        }
        await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      };
      await fromHome(["Противодействие коррупции"], "Противодействие коррупции");
      for (const section of anticorruptionSections) {
        // The subsection's anchor in the page's list of them: the second click.
        await fromHome(["Противодействие коррупции", section.title], "Противодействие коррупции");
        assert.equal(new URL(page.url()).hash, `#${section.id}`);
        await page.getByRole("heading", { level: 2, name: section.title }).waitFor();
      }
      await fromHome(
        ["Порядок рассмотрения обращений"],
        "Порядок рассмотрения обращений и личный приём",
      );
      await fromHome(["Персональные данные"], "Политика в отношении обработки персональных данных");
      await fromHome(
        ["Персональные данные", "согласие на обработку персональных данных"],
        "Согласие на обработку персональных данных",
      );
      await fromHome(
        ["Специальная оценка условий труда"],
        "Результаты специальной оценки условий труда",
      );
      assert.equal(await page.locator("script[src]").count(), 0);
      assert.deepEqual(consoleErrors, []);
    } finally {
      await close();
    }
  });

  test("an empty subsection says so and whom to ask; the seed's documents are linked", async () => {
    const { page, close } = await openPage(env.browser, { javaScriptEnabled: false });
    try {
      await page.goto(`${env.site.baseUrl}/anticorruption`);
      const expertise = page.getByRole("region", { name: "Антикоррупционная экспертиза" });
      assert.match(await expertise.innerText(), /пока не опубликованы/);
      assert.equal(await expertise.getByRole("link", { name: /00-00-00/ }).count(), 1);
      const acts = page.getByRole("region", {
        name: "Нормативные правовые и иные акты в сфере противодействия коррупции",
      });
      const policy = acts.getByRole("link", { name: "Антикоррупционная политика" });
      assert.equal(await policy.getAttribute("href"), "/docs/antikorrupcionnaya-politika.pdf");
      await page.goto(`${env.site.baseUrl}/special-assessment`);
      assert.match(await page.locator("main").innerText(), /пока не опубликованы/);
    } finally {
      await close();
    }
  });

  test("the appeal form's consent link opens the consent text and its version", async () => {
    const { page, close } = await openPage(env.browser, { javaScriptEnabled: false });
    try {
      await page.goto(`${env.site.baseUrl}/appeals`);
      await page.getByRole("link", { name: "Текст согласия" }).click();
      await page
        .getByRole("heading", { level: 1, name: "Согласие на обработку персональных данных" })
        .waitFor();
      const text = await page.locator("main").innerText();
      assert.ok(text.includes(consentText), "the consent's text as the form shows it");
      assert.ok(text.includes(consentTextVersion), "the version an appeal records");
    } finally {
      await close();
    }
  });

  test("the footer names the founder, the full name and the social pages", async () => {
    const { page, close } = await openPage(env.browser, { javaScriptEnabled: false });
    try {
      await page.goto(`${env.site.baseUrl}/contacts`);
      const text = await footer(page).innerText();
      assert.match(text, /Учредитель: Министерство сельского хозяйства Российской Федерации/);
      assert.match(text, /Федеральное государственное бюджетное учреждение/);
      for (const name of [/ВКонтакте/, /Telegram/, /Дзен/]) {
        assert.equal(await footer(page).getByRole("link", { name }).count(), 1);
      }
    } finally {
      await close();
    }
  });
});
