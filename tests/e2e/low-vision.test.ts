// The version for the visually impaired ('Версия для слабовидящих'): each setting, persistence,
// no flash on navigation, keyboard use, accessibility in every colour scheme, and every route at
// the largest size in every scheme on a 320 px screen without sideways scroll.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { describe, test } from "node:test";
import type { RunOptions } from "axe-core";
import type { Page } from "playwright-core";
import { lowVisionSettings } from "../../app/features/low-vision/low-vision-settings.ts";
import { axeViolations } from "./axe.ts";
import { openPage, siteAndBrowserForTests } from "./harness.ts";
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

function label(key: string, value: string): string {
  const option = lowVisionSettings
    .find((setting) => setting.key === key)
    ?.options.find((candidate) => candidate.value === value);
  if (!option) throw new Error(`no option ${key}=${value}`);
  return option.label;
}

const lvAttributes = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.documentElement.attributes]
        .filter(
          (attribute) => attribute.name.startsWith("data-lv-") && attribute.name !== "data-lv-js",
        )
        .map((attribute) => [attribute.name.slice("data-lv-".length), attribute.value]),
    ),
  );

async function openPanel(page: Page) {
  await page.getByRole("button", { name: "Версия для слабовидящих" }).click();
  await page.getByRole("heading", { name: "Настройки версии для слабовидящих" }).waitFor();
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
        const toggle = watched.page.getByRole("button", { name: "Версия для слабовидящих" });
        assert.ok(await toggle.isVisible(), page.path);
        const box = await toggle.boundingBox();
        assert.ok(
          box && box.y < 60 && box.x + box.width <= 320,
          `${page.path}: at the top, in view`,
        );
        assert.equal(await toggle.getAttribute("aria-expanded"), "false");
        assert.equal(await toggle.getAttribute("aria-controls"), "lv-panel");
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
        for (const selector of ["body", ".site-header", "table", ".site-footer", ".site-menu"]) {
          const colours = await page
            .locator(selector)
            .first()
            .evaluate((element) => {
              const style = getComputedStyle(element);
              return { fg: style.color, bg: style.backgroundColor };
            });
          assert.deepEqual(colours, schemes[value], `${value}: ${selector}`);
        }
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

  for (const { key, value, path, check } of probes) {
    test(`${key} = ${value} (${label(key, value)}) on ${path}, at once`, async () => {
      const watched = await openPage(env.browser, { viewport: { width: 1024, height: 800 } });
      const { page } = watched;
      try {
        await page.goto(`${env.site.baseUrl}${path}`);
        await openPanel(page);
        if (key === "font" && value === "sans")
          await page.getByLabel(label("font", "serif")).check();
        await page.getByLabel(label(key, value), { exact: true }).check();
        assert.equal((await lvAttributes(page))[key], value);
        await check(page);
        assert.deepEqual(watched.consoleErrors, []);
      } finally {
        await watched.close();
      }
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
      const defaults = {
        size: "100",
        scheme: "bw",
        images: "on",
        spacing: "normal",
        line: "normal",
        font: "sans",
      };
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
      assert.equal(
        await page.getByRole("heading", { name: "Настройки версии для слабовидящих" }).isVisible(),
        false,
      );
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

describe("every scheme at the largest size: accessible and no sideways scroll at 320 px", () => {
  // The schemes differ only in two colours (--lv-fg, --lv-bg) and `color-scheme`: every other rule
  // of low-vision.css is the same for all of them, so the page's structure and layout are too.
  // axe's whole set of rules runs in the first scheme; in the others, the rules that read colours.
  const [firstScheme] = Object.keys(schemes) as Scheme[];
  const colourRules: RunOptions = {
    runOnly: { type: "rule", values: ["color-contrast", "link-in-text-block"] },
  };
  for (const scheme of Object.keys(schemes) as Scheme[]) {
    const axeRules = scheme === firstScheme ? {} : colourRules;
    test(`${scheme}: every route, 0 axe violations, fits 320 px, no text over text, screenshot; the error summary and open panel too`, async () => {
      await mkdir(screenshotDir, { recursive: true });
      // The widest letters and lines too: the hardest case for fitting the width.
      const settings = { ...largest, scheme, spacing: "widest", line: "2" };
      const watched = await pageWith(settings, 320);
      const { page } = watched;
      try {
        for (const route of allPages) {
          await page.goto(`${env.site.baseUrl}${route.path}`, { waitUntil: "load" });
          assert.deepEqual(await lvAttributes(page), settings, route.path);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          const name = route.path === "/" ? "home" : route.path.slice(1).replaceAll("/", "-");
          await page.screenshot({ path: `${screenshotDir}/${scheme}-${name}.png` });
          assert.equal(overflow, 0, `${scheme} ${route.path} scrolls sideways by ${overflow} px`);
          assert.deepEqual(
            await overlappingText(page),
            [],
            `${scheme} ${route.path}: text over text`,
          );
          assert.deepEqual(await axeViolations(page, axeRules), [], `${scheme} ${route.path}`);
        }
        // The appeal form's error summary and messages, which no page shows until a submit.
        await page.goto(`${env.site.baseUrl}/appeals`, { waitUntil: "networkidle" });
        await page.getByRole("button", { name: "Отправить обращение" }).click();
        await page.locator(".error-summary").waitFor();
        assert.deepEqual(await axeViolations(page, axeRules), [], "the error summary");
        await openPanel(page);
        assert.deepEqual(await axeViolations(page, axeRules), [], "the open panel");
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.equal(overflow, 0, "the open panel fits 320 px");
        assert.deepEqual(watched.consoleErrors, []);
      } finally {
        await watched.close();
      }
    });
  }
});
