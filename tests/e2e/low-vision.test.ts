// The version for the visually impaired ('Версия для слабовидящих'): each setting, persistence,
// no flash on navigation, keyboard use, the control on every route, and one page of each template
// at the largest size in every colour scheme on a 320 px screen: accessible, without sideways
// scroll, no text over text.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { after, describe, test } from "node:test";
import type { RunOptions } from "axe-core";
import type { Page } from "playwright-core";
import { lowVisionSettings } from "../../app/features/low-vision/low-vision-settings.ts";
import type { SitePath } from "../../content/site-pages.ts";
import { axeViolations } from "./axe.ts";
import { openPage, siteAndBrowserForTests, type WatchedPage } from "./harness.ts";
import { bodyHooks, inlineStyles } from "./page-hooks.ts";
import { fetchHtml } from "./raw-html.ts";
import { shareOfColour } from "./screenshot-pixels.ts";
import { allPages } from "./site-pages.ts";
import { overlappingText } from "./text-overlap.ts";

const env = siteAndBrowserForTests();
const storageKey = "low-vision";
const screenshotDir = "test-results/low-vision";

const schemes = {
  bw: { fg: "rgb(0, 0, 0)", bg: "rgb(255, 255, 255)" },
  wb: { fg: "rgb(255, 255, 255)", bg: "rgb(0, 0, 0)" },
  blue: { fg: "rgb(6, 52, 98)", bg: "rgb(157, 209, 255)" },
  brown: { fg: "rgb(77, 75, 67)", bg: "rgb(247, 243, 214)" },
  green: { fg: "rgb(169, 228, 77)", bg: "rgb(59, 39, 22)" },
} as const;
type Scheme = keyof typeof schemes;

const largest = { size: "200", images: "on", spacing: "normal", line: "normal", font: "sans" };
const defaults = {
  size: "100",
  scheme: "bw",
  images: "on",
  spacing: "normal",
  line: "normal",
  font: "sans",
};

function label(key: string, value: string): string {
  const option = lowVisionSettings
    .find((setting) => setting.key === key)
    ?.options.find((candidate) => candidate.value === value);
  if (!option) throw new Error(`no option ${key}=${value}`);
  return option.label;
}

/**
 * The settings on <html> (data-lv-<setting>, data-lv-js left out) and, when asked, how far the
 * page scrolls sideways; `scheme` first puts that scheme on <html>, as the head script does. One
 * round trip to the page for all three.
 */
const lvState = (page: Page, ask: { scheme?: string; sideways?: boolean } = {}) =>
  page.evaluate(({ scheme, sideways }) => {
    const root = document.documentElement;
    if (scheme) root.setAttribute("data-lv-scheme", scheme);
    const attributes: Record<string, string> = Object.fromEntries(
      [...root.attributes]
        .filter(
          (attribute) => attribute.name.startsWith("data-lv-") && attribute.name !== "data-lv-js",
        )
        .map((attribute) => [attribute.name.slice("data-lv-".length), attribute.value]),
    );
    return { attributes, sideways: sideways ? root.scrollWidth - root.clientWidth : undefined };
  }, ask);

const lvAttributes = async (page: Page) => (await lvState(page)).attributes;

const panelTitle = (page: Page) =>
  page.getByRole("heading", { name: "Настройки версии для слабовидящих" });

async function openPanel(page: Page) {
  await page.getByRole("button", { name: "Версия для слабовидящих" }).click();
  await panelTitle(page).waitFor();
}

/** A page already in the version for the visually impaired with these settings. */
async function pageWith(settings: Record<string, string>, width = 1024) {
  const watched = await openPage(env.browser, { viewport: { width, height: 800 } });
  await watched.page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem(key, value);
        sessionStorage.setItem("seeded", "1");
      }
    },
    [storageKey, JSON.stringify(settings)] as const,
  );
  return watched;
}

describe("the control", () => {
  test("JavaScript off: no control, the normal site", async () => {
    const watched = await openPage(env.browser, { javaScriptEnabled: false });
    try {
      await watched.page.goto(`${env.site.baseUrl}/contacts`);
      const toggle = watched.page.getByRole("button", { name: "Версия для слабовидящих" });
      assert.equal(await toggle.isVisible(), false);
      assert.deepEqual(await lvAttributes(watched.page), {});
    } finally {
      await watched.close();
    }
  });

  test("visible in the top area of every route at 320 px, a disclosure named and stated", async () => {
    const watched = await openPage(env.browser, { viewport: { width: 320, height: 640 } });
    try {
      for (const page of allPages) {
        await watched.page.goto(`${env.site.baseUrl}${page.path}`);
        // The button by its role and name, measured and read in one round trip (none found:
        // undefined): visible as Playwright's isVisible() means it, a box not empty and not
        // `visibility: hidden`.
        const [toggle] = await watched.page
          .getByRole("button", { name: "Версия для слабовидящих" })
          .evaluateAll((buttons) =>
            buttons.map((button) => {
              const box = button.getBoundingClientRect();
              return {
                visible:
                  box.width > 0 &&
                  box.height > 0 &&
                  getComputedStyle(button).visibility === "visible",
                top: box.y,
                right: box.x + box.width,
                expanded: button.getAttribute("aria-expanded"),
                controls: button.getAttribute("aria-controls"),
              };
            }),
          );
        assert.ok(toggle?.visible, page.path);
        assert.ok(toggle.top < 60 && toggle.right <= 320, `${page.path}: at the top, in view`);
        assert.equal(toggle.expanded, "false");
        assert.equal(toggle.controls, "lv-panel");
      }
      assert.deepEqual(watched.consoleErrors, []);
    } finally {
      await watched.close();
    }
  });
});

describe("each setting changes what the page shows", () => {
  // For each setting's non-default options: what a reader would see, measured on the page.
  const probes: {
    key: string;
    value: string;
    path: string;
    check: (page: Page) => Promise<void>;
  }[] = [
    ...["150", "200"].map((value) => ({
      key: "size",
      value,
      path: "/vacancies",
      check: async (page: Page) => {
        const size = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
        assert.equal(size, `${(16 * Number(value)) / 100}px`);
      },
    })),
    ...(Object.keys(schemes) as Scheme[]).map((value) => ({
      key: "scheme",
      value,
      path: "/services/special_offer",
      check: async (page: Page) => {
        const selectors = ["body", ".site-header", "table", ".site-footer", ".site-menu"];
        // The first element of each, in one round trip (none: null).
        const colours = await page.evaluate(
          (all) =>
            all.map((selector) => {
              const element = document.querySelector(selector);
              if (!element) return null;
              const style = getComputedStyle(element);
              return { fg: style.color, bg: style.backgroundColor };
            }),
          selectors,
        );
        selectors.forEach((selector, at) => {
          assert.deepEqual(colours[at], schemes[value], `${value}: ${selector}`);
        });
      },
    })),
    {
      key: "images",
      value: "off",
      path: "/",
      check: async (page: Page) => {
        const image = page.locator("main img").first();
        const alt = (await image.getAttribute("alt")) ?? "";
        assert.ok(alt.length > 0);
        const box = await image.boundingBox();
        assert.ok(!box || box.width <= 1, "the image is hidden");
        assert.ok(await page.locator(".lv-alt", { hasText: alt }).first().isVisible());
      },
    },
    {
      key: "images",
      value: "grey",
      path: "/",
      check: async (page: Page) => {
        const filter = await page
          .locator("main img")
          .first()
          .evaluate((img) => getComputedStyle(img).filter);
        assert.equal(filter, "grayscale(1)");
      },
    },
    ...["wide", "widest"].map((value) => ({
      key: "spacing",
      value,
      path: "/vacancies",
      check: async (page: Page) => {
        const spacing = await page
          .locator("main p")
          .first()
          .evaluate((p) => {
            const style = getComputedStyle(p);
            return Number.parseFloat(style.letterSpacing) / Number.parseFloat(style.fontSize);
          });
        assert.ok(spacing >= (value === "wide" ? 0.07 : 0.15), `letter spacing ${spacing}em`);
      },
    })),
    ...["1.5", "2"].map((value) => ({
      key: "line",
      value,
      path: "/vacancies",
      check: async (page: Page) => {
        const ratio = await page
          .locator("main p")
          .first()
          .evaluate((p) => {
            const style = getComputedStyle(p);
            return Number.parseFloat(style.lineHeight) / Number.parseFloat(style.fontSize);
          });
        assert.ok(Math.abs(ratio - Number(value)) < 0.01, `line height ${ratio}`);
      },
    })),
    ...["sans", "serif"].map((value) => ({
      key: "font",
      value,
      path: "/vacancies",
      check: async (page: Page) => {
        const family = await page
          .locator("main p")
          .first()
          .evaluate((p) => getComputedStyle(p).fontFamily);
        assert.match(family, value === "serif" ? /^Georgia.*serif$/ : /^Arial.*sans-serif$/);
      },
    })),
  ];

  // One page for every probe (issue 39): a probe on the page already open does not load it again.
  // Each starts from the defaults, as opening the panel of the normal version does: the panel
  // open, 'Сбросить настройки' pressed, then its option (and, for the default font, the other
  // one first, so that choosing it changes something).
  let probing: WatchedPage | undefined;
  after(async () => {
    await probing?.close();
  });
  async function pageAtDefaults(path: string): Promise<WatchedPage> {
    probing ??= await openPage(env.browser, { viewport: { width: 1024, height: 800 } });
    const { page } = probing;
    if (page.url() !== `${env.site.baseUrl}${path}`) {
      await page.goto(`${env.site.baseUrl}${path}`);
    }
    if (!(await panelTitle(page).isVisible())) await openPanel(page);
    await page.getByRole("button", { name: "Сбросить настройки" }).click();
    assert.deepEqual(await lvAttributes(page), defaults, "the defaults first");
    return probing;
  }

  // By page, so that each page is loaded once: the sizes, letters, lines and fonts on
  // /vacancies, the schemes on /services/special_offer, the images on /.
  const byPage = [...probes].sort((a, b) => b.path.localeCompare(a.path));
  for (const { key, value, path, check } of byPage) {
    test(`${key} = ${value} (${label(key, value)}) on ${path}, at once`, async () => {
      const watched = await pageAtDefaults(path);
      const { page } = watched;
      watched.consoleErrors.length = 0;
      if (key === "font" && value === "sans") await page.getByLabel(label("font", "serif")).check();
      await page.getByLabel(label(key, value), { exact: true }).check();
      assert.equal((await lvAttributes(page))[key], value);
      await check(page);
      assert.deepEqual(watched.consoleErrors, []);
    });
  }
});

describe("persistence and first paint", () => {
  test("settings persist across navigation and reload; 'Обычная версия' and the reset", async () => {
    const watched = await openPage(env.browser);
    const { page } = watched;
    try {
      await page.goto(`${env.site.baseUrl}/`);
      assert.deepEqual(await lvAttributes(page), {});
      await openPanel(page);
      assert.deepEqual(await lvAttributes(page), defaults, "opening switches to the version");
      await page.getByLabel(label("size", "150")).check();
      await page.getByLabel(label("scheme", "brown")).check();
      await page.getByLabel(label("line", "2")).check();
      const chosen = { ...defaults, size: "150", scheme: "brown", line: "2" };

      await page.getByRole("link", { name: "Контакты" }).first().click();
      await page.waitForURL(/\/contacts$/);
      assert.deepEqual(await lvAttributes(page), chosen);
      await page.reload();
      assert.deepEqual(await lvAttributes(page), chosen);
      await openPanel(page);
      assert.ok(
        await page.getByLabel(label("scheme", "brown")).isChecked(),
        "the panel shows them",
      );

      await page.getByRole("button", { name: "Сбросить настройки" }).click();
      assert.deepEqual(await lvAttributes(page), defaults);
      await page.getByRole("button", { name: "Обычная версия" }).click();
      assert.deepEqual(await lvAttributes(page), {});
      assert.equal(await panelTitle(page).isVisible(), false);
      await page.reload();
      assert.deepEqual(await lvAttributes(page), {});
      assert.equal(await page.evaluate((key) => localStorage.getItem(key), storageKey), null);
      assert.deepEqual(watched.consoleErrors, []);
    } finally {
      await watched.close();
    }
  });

  test("no flash: the scheme is on <html> before the body exists, and in the first screenshot", async () => {
    const watched = await pageWith({ ...largest, size: "100", scheme: "wb" });
    const { page } = watched;
    try {
      await page.addInitScript(() => {
        const seen: { bodyExisted: boolean }[] = [];
        (window as unknown as { lvSeen: typeof seen }).lvSeen = seen;
        // Runs before the document has an <html> element: watch the whole document.
        new MutationObserver(() => {
          const root = document.documentElement;
          if (root?.hasAttribute("data-lv-scheme") && seen.length === 0) {
            seen.push({ bodyExisted: document.body !== null });
          }
        }).observe(document, { attributes: true, childList: true, subtree: true });
      });
      for (const path of ["/", "/contacts", "/appeals"]) {
        await page.goto(`${env.site.baseUrl}${path}`, { waitUntil: "commit" });
        // Chromium cannot capture a page before its first frame ("Unable to capture
        // screenshot"): wait for the body to exist, the earliest a frame can show content.
        await page.waitForFunction(() => document.body !== null);
        const shot = await page.screenshot();
        const seen = await page.evaluate(
          () => (window as unknown as { lvSeen: { bodyExisted: boolean }[] }).lvSeen,
        );
        assert.deepEqual(seen, [{ bodyExisted: false }], `${path}: applied before <body>`);
        const dark = await shareOfColour(page, shot, [0, 0, 0]);
        assert.ok(dark > 0.6, `${path}: first screenshot ${Math.round(dark * 100)}% black`);
      }
    } finally {
      await watched.close();
    }
  });
});

describe("keyboard only", () => {
  test("Tab to the control, Enter opens, arrows change a setting, Escape closes, focus returns", async () => {
    const watched = await openPage(env.browser, { viewport: { width: 320, height: 640 } });
    const { page } = watched;
    try {
      await page.goto(`${env.site.baseUrl}/documents`);
      const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      assert.equal(await focused(), "Версия для слабовидящих");
      await page.keyboard.press("Enter");
      const toggle = page.getByRole("button", { name: "Версия для слабовидящих" });
      assert.equal(await toggle.getAttribute("aria-expanded"), "true");
      assert.equal(
        await focused(),
        "Настройки версии для слабовидящих",
        "focus moves to the panel",
      );
      await page.keyboard.press("Tab");
      assert.equal(
        await page.evaluate(() => (document.activeElement as HTMLInputElement).name),
        "lv-size",
      );
      await page.keyboard.press("ArrowDown");
      assert.equal((await lvAttributes(page)).size, "150");
      await page.keyboard.press("Escape");
      assert.equal(await toggle.getAttribute("aria-expanded"), "false");
      assert.equal(await focused(), "Версия для слабовидящих", "focus returns to the control");
      assert.equal((await lvAttributes(page)).size, "150", "closing keeps the settings");

      await page.keyboard.press("Enter");
      for (let press = 0; press < 40; press++) {
        await page.keyboard.press("Tab");
        if ((await focused()) === "Закрыть настройки") break;
      }
      await page.keyboard.press("Enter");
      assert.equal(await toggle.getAttribute("aria-expanded"), "false");
      assert.equal(await focused(), "Версия для слабовидящих");
      assert.deepEqual(watched.consoleErrors, []);
    } finally {
      await watched.close();
    }
  });
});

/**
 * The public routes and their templates (issue 39): the sweep below visits one page of each
 * template, not every route. A template is the route's own CSS (its handle's `styles`, inlined
 * into the page) and the components its <main> is made of; the layout around it (site.css,
 * low-vision.css, the top bar, menu and footer) is every page's. Each route maps to the page that
 * stands for its template: itself, or a page with the same CSS. The first test below checks that
 * against the built pages, and that every element and class in a route's body is on one of the
 * pages swept, so a route that grows a component of its own fails until it has a page here.
 * Before issue 39 the sweep visited all 17 routes in each of the 5 schemes (85 loads); now the 13
 * pages below, once each.
 */
const sweptPageOf: Record<SitePath, SitePath> = {
  // The home page: the top bar over the banner, the anchor bar, the laboratories' cards, an
  // illustrated section, the timeline, the newest announcements (content.css, home.css).
  "/": "/",
  // Services: the service cards, «Подробнее» disclosures, the services tabs (services.css).
  "/services": "/services",
  // Prices: the price table, the packages' cards, the terms, the services tabs (services.css).
  "/services/special_offer": "/services/special_offer",
  // Documents: download lists in groups, the accreditation and its certificate (documents.css).
  "/documents": "/documents",
  // Application forms: each form with its files in three formats (documents.css).
  "/applications": "/applications",
  // Structure: the director, a sample notice, the organisation chart (structure.css).
  "/structure": "/structure",
  // The appeal form (appeal-form.css): its rules, the form and the island that enhances it.
  "/appeals": "/appeals",
  // The same form (appeal-form.css) with its topic in words and no island.
  "/appeals/corruption_report": "/appeals",
  // The land map: its frame, toolbar and full-screen toggle (investors.css).
  "/to_investors": "/to_investors",
  // Vacancies: a card per vacancy with its conditions (vacancies.css).
  "/vacancies": "/vacancies",
  // Contacts: the phone banner, hours, the map's frame, the requisites, the staff table in its
  // own scrolling region (contacts.css).
  "/contacts": "/contacts",
  // News and announcements (news.css); the build has none, so the page shows its notice.
  "/news": "/news",
  // Text in sections: content.css only, headings, paragraphs and lists of the site's markup,
  // a list of anchors to the sections.
  "/anticorruption": "/anticorruption",
  "/appeals/procedure": "/anticorruption",
  "/personal-data": "/anticorruption",
  "/special-assessment": "/anticorruption",
  // A page with no CSS of its own (site.css only): the consent, quoted.
  "/personal-data/consent": "/personal-data/consent",
};

describe("one page of each template at the largest size in every scheme: accessible and no sideways scroll at 320 px", () => {
  // Every scheme is looked at on each template's page: the schemes differ only in two colours
  // (--lv-fg, --lv-bg) and `color-scheme`, and every other rule of low-vision.css is the same for
  // all of them, so a page is loaded once, in one scheme from the saved settings, for every axe
  // rule, and each other scheme is put on its <html> as the head script puts it, for the rules
  // that read colours. The scheme a page loads in goes round the schemes from one page to the
  // next, so each is applied from the saved settings on some pages, as each was on every route.
  const schemeNames = Object.keys(schemes) as Scheme[];
  // Neither colour rule reads the stylesheets or media axe loads beforehand for other rules.
  const colourRules: RunOptions = {
    runOnly: { type: "rule", values: ["color-contrast", "link-in-text-block"] },
    preload: false,
  };
  // The widest letters and lines too: the hardest case for fitting the width.
  const largestWidest = { ...largest, spacing: "widest", line: "2" };

  test("every route is swept on its template's page: the same CSS, no element or class the swept pages lack", async () => {
    const html = new Map<string, string>();
    for (const route of allPages)
      html.set(route.path, await fetchHtml(env.site.baseUrl, route.path));
    const sweptHooks = new Set(
      Object.values(sweptPageOf).flatMap((path) => bodyHooks(html.get(path) ?? "")),
    );
    for (const route of allPages) {
      const swept = sweptPageOf[route.path as SitePath];
      assert.ok(swept, `${route.path}: no template page`);
      const own = html.get(route.path) ?? "";
      assert.deepEqual(inlineStyles(own), inlineStyles(html.get(swept) ?? ""), route.path);
      assert.deepEqual(
        bodyHooks(own).filter((hook) => !sweptHooks.has(hook)),
        [],
        `${route.path}: not on any swept page`,
      );
    }
  });

  // One page in one context for the sweep.
  let sweeping: WatchedPage | undefined;
  after(async () => {
    await sweeping?.close();
  });

  /**
   * The checks of one page in one scheme: every axe rule in the scheme it loaded in, the colour
   * rules in the others. A failing page leaves its screenshot in test-results/low-vision;
   * LOW_VISION_SCREENSHOTS=1 keeps one of every page in every scheme.
   */
  async function assertReadable(page: Page, scheme: Scheme, loaded: Scheme, path: string) {
    const where = `${scheme} ${path}`;
    const name = `${scheme}-${path === "/" ? "home" : path.slice(1).replaceAll("/", "-")}`;
    try {
      // The scheme the page loaded in is read, not put on it.
      const show = scheme === loaded ? undefined : scheme;
      const { attributes, sideways } = await lvState(page, { scheme: show, sideways: true });
      assert.deepEqual(attributes, { ...largestWidest, scheme }, where);
      assert.equal(sideways, 0, `${where} scrolls sideways by ${sideways} px`);
      assert.deepEqual(await overlappingText(page), [], `${where}: text over text`);
      const rules = scheme === loaded ? {} : colourRules;
      assert.deepEqual(await axeViolations(page, rules), [], where);
    } catch (error) {
      await screenshot(page, name);
      throw error;
    }
    if (process.env.LOW_VISION_SCREENSHOTS) await screenshot(page, name);
  }
  async function screenshot(page: Page, name: string) {
    await mkdir(screenshotDir, { recursive: true });
    await page.screenshot({ path: `${screenshotDir}/${name}.png` });
  }

  const sweptPaths = [...new Set(Object.values(sweptPageOf))];
  for (const [index, path] of sweptPaths.entries()) {
    const loaded = schemeNames[index % schemeNames.length] ?? "bw";
    const standsFor = Object.entries(sweptPageOf)
      .filter(([route, swept]) => swept === path && route !== path)
      .map(([route]) => route);
    const also = standsFor.length ? ` (and ${standsFor.join(", ")})` : "";
    test(`${path}${also}: loaded in ${loaded}, in every scheme 0 axe violations, fits 320 px, no text over text`, async () => {
      sweeping ??= await openPage(env.browser, { viewport: { width: 320, height: 640 } });
      const watched = sweeping;
      const { page } = watched;
      watched.consoleErrors.length = 0;
      // The saved settings, written before the page's own scripts read them.
      const saved = await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        storageKey,
        JSON.stringify({ ...largestWidest, scheme: loaded }),
      ] as const);
      await page.goto(`${env.site.baseUrl}${path}`, { waitUntil: "load" });
      await saved.dispose();
      if (path === "/appeals") await page.locator("form.appeal-form[data-enhanced]").waitFor();
      const inTurn = [loaded, ...schemeNames.filter((scheme) => scheme !== loaded)];
      for (const scheme of inTurn) await assertReadable(page, scheme, loaded, path);
      if (path === "/appeals") {
        // The form's error summary and messages, which no page shows until a submit, with the
        // settings panel open above them: one axe run for both, since opening the panel hides
        // nothing of the page (it pushes the page down), so the error summary is checked in the
        // same run. The scheme from the panel's own radios this time.
        await page.getByRole("button", { name: "Отправить обращение" }).click();
        await page.locator(".error-summary").waitFor();
        // Back to the saved scheme, which the panel's radios show.
        await lvState(page, { scheme: loaded });
        await openPanel(page);
        for (const scheme of inTurn) {
          await page.getByLabel(label("scheme", scheme), { exact: true }).check();
          const { attributes, sideways } = await lvState(page, { sideways: true });
          assert.deepEqual(attributes, { ...largestWidest, scheme }, scheme);
          assert.equal(sideways, 0, `${scheme}: the open panel fits 320 px`);
          assert.ok(await page.locator(".error-summary").isVisible(), "the error summary shows");
          assert.deepEqual(
            await axeViolations(page, scheme === loaded ? {} : colourRules),
            [],
            `${scheme}: the error summary and the open panel`,
          );
        }
      }
      assert.deepEqual(watched.consoleErrors, []);
    });
  }
});
