// /to_investors: the land map's fullscreen toggle (Fullscreen API and the CSS fallback), its
// behaviour without JavaScript, and the page's texts.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { openPage, siteAndBrowserForTests } from "./harness.ts";
import { fetchHtml, plainText } from "./raw-html.ts";

const env = siteAndBrowserForTests();

const enterLabel = "На весь экран";
const exitLabel = "Свернуть карту";

const fullscreenElementClass = (page: Page) =>
  page.evaluate(() => document.fullscreenElement?.className ?? null);

async function waitForHydration(page: Page) {
  await page.getByRole("button", { name: enterLabel }).waitFor({ state: "visible" });
}

describe("/to_investors, raw HTML", () => {
  test("instructions, the map frame, the plain link, the programme text", async () => {
    const html = await fetchHtml(env.site.baseUrl, "/to_investors");
    const text = plainText(html);
    assert.ok(text.includes("Как пользоваться картой"));
    assert.ok(text.includes("кадастровый номер"));
    assert.ok(text.includes("Соответствие государственной программе"));
    const iframe = html.match(/<iframe\b[^>]*>/)?.[0] ?? "";
    assert.match(iframe, /title="[^"]{10,}"/);
    assert.match(iframe, /loading="lazy"/);
    assert.match(iframe, /src="https:\/\//);
    assert.match(html, /<a href="https:\/\/[^"]+" target="_blank" rel="noopener noreferrer">/);
    // Without JavaScript the toggle could not work: it is in the HTML but hidden.
    assert.match(
      html,
      /<button[^>]*aria-pressed="false"[^>]*hidden=""[^>]*>[\s\S]*?На весь экран(<\/span>)?<\/button>/,
    );
  });
});

describe("/to_investors in Chromium", () => {
  test("without JavaScript: no toggle shown, the plain link to the map is there", async () => {
    const watched = await openPage(env.browser, { javaScriptEnabled: false });
    const { page } = watched;
    try {
      await page.goto(`${env.site.baseUrl}/to_investors`, { waitUntil: "load" });
      assert.equal(await page.getByRole("button", { name: enterLabel }).count(), 0);
      assert.equal(
        await page.getByRole("link", { name: /Открыть карту в\sотдельной вкладке/ }).count(),
        1,
      );
      // The map's frame is there as it is, from <noscript>.
      assert.equal(await page.locator("iframe.land-map__frame").count(), 1);
      assert.deepEqual(watched.consoleErrors, []);
    } finally {
      await watched.close();
    }
  });

  test("with JavaScript the map's frame is put in after the page has loaded, in a place held for it", async () => {
    const watched = await openPage(env.browser);
    const { page } = watched;
    try {
      await page.goto(`${env.site.baseUrl}/to_investors`, { waitUntil: "load" });
      const frame = page.locator(".land-map iframe.land-map__frame");
      await frame.waitFor({ state: "attached" });
      assert.equal(await frame.count(), 1);
      assert.match((await frame.getAttribute("title")) ?? "", /.{10,}/);
      assert.equal(await page.locator(".land-map noscript").count(), 0);
      // Until the frame comes, its place is held at its size: without the frame the map's box
      // is as tall as with it, so nothing below moves when it comes.
      const heights = await page.evaluate(() => {
        const map = document.querySelector(".land-map") as HTMLElement;
        const withFrame = map.getBoundingClientRect().height;
        const placed = map.querySelector("iframe") as HTMLIFrameElement;
        const marker = document.createComment("frame");
        placed.replaceWith(marker);
        const waiting = map.getBoundingClientRect().height;
        marker.replaceWith(placed);
        return { withFrame, waiting };
      });
      assert.equal(heights.waiting, heights.withFrame);
    } finally {
      await watched.close();
    }
  });

  test("Fullscreen API: the button enters fullscreen and leaves it again; label and aria-pressed follow", async () => {
    const watched = await openPage(env.browser);
    const { page } = watched;
    try {
      await page.goto(`${env.site.baseUrl}/to_investors`, { waitUntil: "networkidle" });
      await waitForHydration(page);
      const enter = page.getByRole("button", { name: enterLabel });
      assert.equal(await enter.getAttribute("aria-pressed"), "false");

      await enter.click();
      await page.waitForFunction(() => document.fullscreenElement !== null);
      assert.match((await fullscreenElementClass(page)) ?? "", /\bland-map\b/);
      const exit = page.getByRole("button", { name: exitLabel });
      assert.equal(await exit.getAttribute("aria-pressed"), "true");
      // The map fills the screen.
      const size = await page.locator(".land-map").evaluate((element) => {
        const box = element.getBoundingClientRect();
        return { width: box.width, height: box.height, viewport: [innerWidth, innerHeight] };
      });
      assert.equal(size.width, size.viewport[0]);
      assert.equal(size.height, size.viewport[1]);

      await exit.click();
      await page.waitForFunction(() => document.fullscreenElement === null);
      assert.equal(await enter.getAttribute("aria-pressed"), "false");
      assert.deepEqual(watched.consoleErrors, []);
    } finally {
      await watched.close();
    }
  });

  test("Fullscreen API: Escape leaves fullscreen", async () => {
    const watched = await openPage(env.browser);
    const { page } = watched;
    try {
      await page.goto(`${env.site.baseUrl}/to_investors`, { waitUntil: "networkidle" });
      await waitForHydration(page);
      await page.getByRole("button", { name: enterLabel }).click();
      await page.waitForFunction(() => document.fullscreenElement !== null);
      await page.keyboard.press("Escape");
      await page.waitForFunction(() => document.fullscreenElement === null);
      const button = page.getByRole("button", { name: enterLabel });
      assert.equal(await button.getAttribute("aria-pressed"), "false");
    } finally {
      await watched.close();
    }
  });

  for (const why of ["missing", "refused"] as const) {
    test(`CSS fallback where the Fullscreen API is ${why}: covers the viewport, Escape and the button leave it`, async () => {
      const watched = await openPage(env.browser, { viewport: { width: 800, height: 600 } });
      const { page } = watched;
      try {
        await page.addInitScript((mode) => {
          if (mode === "missing") {
            Object.defineProperty(Document.prototype, "fullscreenEnabled", { get: () => false });
            // @ts-expect-error: an engine without the API
            delete Element.prototype.requestFullscreen;
          } else {
            Element.prototype.requestFullscreen = () =>
              Promise.reject(new TypeError("Permissions check failed"));
          }
        }, why);
        await page.goto(`${env.site.baseUrl}/to_investors`, { waitUntil: "networkidle" });
        await waitForHydration(page);
        const map = page.locator(".land-map");
        await page.getByRole("button", { name: enterLabel }).click();
        const exit = page.getByRole("button", { name: exitLabel });
        await exit.waitFor();
        assert.equal(await exit.getAttribute("aria-pressed"), "true");
        assert.equal(await fullscreenElementClass(page), null);
        assert.match((await map.getAttribute("class")) ?? "", /land-map--fallback/);
        const box = await map.boundingBox();
        assert.deepEqual(box, { x: 0, y: 0, width: 800, height: 600 });

        await page.keyboard.press("Escape");
        const enter = page.getByRole("button", { name: enterLabel });
        await enter.waitFor();
        assert.equal(await enter.getAttribute("aria-pressed"), "false");
        assert.doesNotMatch((await map.getAttribute("class")) ?? "", /land-map--fallback/);

        await enter.click();
        await exit.click();
        await enter.waitFor();
        assert.doesNotMatch((await map.getAttribute("class")) ?? "", /land-map--fallback/);
        assert.deepEqual(watched.consoleErrors, []);
      } finally {
        await watched.close();
      }
    });
  }
});
