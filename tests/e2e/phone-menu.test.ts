// The menu on a phone (issue 43), at 390 × 844 with touch, JavaScript off (a content page) and on
// (the page with the form island): a tap where «Меню» is closes the open menu again (the panel
// leaves it uncovered, or puts «Закрыть меню» there); «Закрыть меню» is the panel's first
// control, within the first screen, and a tap on it closes the menu; the button's expanded state
// is told (the accessibility tree); the page shown is marked in the menu; axe finds nothing on
// the page with the menu open (JavaScript on: axe is a script in the page). Needs the build.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { axeViolations } from "./axe.ts";
import { openPage, siteAndBrowserForTests } from "./harness.ts";

const env = siteAndBrowserForTests();

const screen = { width: 390, height: 844 };

const menuIsOpen = (page: Page) =>
  page.locator("#site-menu").evaluate((menu) => menu.matches(":popover-open"));

/** The menu button's expanded state as Chromium's accessibility tree tells it to screen readers. */
async function menuButtonExpanded(page: Page): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
      nodes: {
        role?: { value?: string };
        name?: { value?: string };
        properties?: { name: string; value: { value?: unknown } }[];
      }[];
    };
    const button = nodes.find(
      (node) => node.role?.value === "button" && node.name?.value === "Меню",
    );
    assert.ok(button, "the menu button is in the accessibility tree");
    const expanded = button.properties?.find((property) => property.name === "expanded");
    return expanded === undefined ? undefined : Boolean(expanded.value.value);
  } finally {
    await cdp.detach();
  }
}

for (const { name, path, javaScriptEnabled, current } of [
  {
    name: "JavaScript off, content page",
    path: "/contacts",
    javaScriptEnabled: false,
    current: "Контакты",
  },
  {
    name: "JavaScript on, the page with the form island",
    path: "/appeals",
    javaScriptEnabled: true,
    current: "Обращения граждан",
  },
]) {
  describe(`the menu at 390 px, ${name}`, () => {
    test("«Закрыть меню» on the first screen closes it; «Меню» stays uncovered and toggles; its state and the page shown are told", {
      timeout: 60_000,
    }, async () => {
      const watched = await openPage(env.browser, {
        javaScriptEnabled,
        viewport: screen,
        hasTouch: true,
        isMobile: true,
        // The panel's slide-in off: each tap meets the panel where it comes to rest.
        reducedMotion: "reduce",
      });
      const { page } = watched;
      try {
        await page.goto(`${env.site.baseUrl}${path}`, { waitUntil: "networkidle" });
        const menuButton = page.getByRole("button", { name: "Меню", exact: true });
        const menu = page.getByRole("navigation", { name: "Меню сайта" });
        assert.equal(await menuButtonExpanded(page), false, "collapsed, and said so");

        await menuButton.tap();
        assert.equal(await menuIsOpen(page), true);
        assert.equal(await menuButtonExpanded(page), true, "expanded, and said so");
        const close = menu.getByRole("button", { name: "Закрыть меню" });
        const box = await close.boundingBox();
        assert.ok(box, "the close control is shown");
        assert.ok(
          box.y >= 0 && box.y + box.height <= screen.height,
          `in the first screen: ${JSON.stringify(box)}`,
        );
        assert.equal(
          await menu.evaluate((nav) => nav.querySelector("button, a, input")?.textContent?.trim()),
          "Закрыть меню",
          "the panel's first control",
        );
        // Where «Меню» is, a tap closes the menu: «Меню» itself, uncovered (the bar at the top),
        // or «Закрыть меню» (the low-vision bar above the bar, JavaScript on); never «Найти».
        const button = await menuButton.boundingBox();
        assert.ok(button);
        const underFinger = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x, y)?.closest("button")?.className ?? "",
          [button.x + button.width / 2, button.y + button.height / 2] as const,
        );
        assert.ok(["menu-button", "site-menu__close"].includes(underFinger), underFinger);

        // The page shown is marked in the menu, and no other.
        const marked = menu.locator('a[aria-current="page"]');
        assert.deepEqual(await marked.allTextContents(), [current]);
        // axe runs in the page's own scripts: with JavaScript on (the same menu's markup).
        if (javaScriptEnabled) assert.deepEqual(await axeViolations(page), []);

        await close.tap();
        assert.equal(await menuIsOpen(page), false, "a tap on «Закрыть меню» closes it");
        assert.equal(await menuButtonExpanded(page), false);

        await menuButton.tap();
        assert.equal(await menuIsOpen(page), true);
        await page.touchscreen.tap(button.x + button.width / 2, button.y + button.height / 2);
        assert.equal(await menuIsOpen(page), false, "a tap where «Меню» is closes it");
        assert.deepEqual(watched.consoleErrors, []);
      } finally {
        await watched.close();
      }
    });
  });
}
