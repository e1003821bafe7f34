// Every route of the site in a real Chromium: status, title, heading, layout, accessibility,
// console, narrow screens, zoom, and the JavaScript each page loads.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { gzipSync } from "node:zlib";
import { barPaths, menuPaths } from "../../content/site-pages.ts";
import { axeViolations } from "./axe.ts";
import { openPage, siteAndBrowserForTests } from "./harness.ts";
import { allPages, cssBudgetBytes, scriptBudgetBytes } from "./site-pages.ts";

const env = siteAndBrowserForTests();

function executableScripts(html: string): string[] {
  return (html.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? []).filter(
    (element) => !/^<script[^>]*type="application\/(ld\+)?json"/.test(element),
  );
}

/** The version for the visually impaired: its two inline scripts and its style block. */
function lowVisionParts(html: string): { scripts: string[]; styles: string[] } {
  return {
    scripts: executableScripts(html).filter((element) =>
      /^<script>\((function (applySavedLowVision|enhanceLowVisionPanel))/.test(element),
    ),
    styles: (html.match(/<style>[\s\S]*?<\/style>/g) ?? []).filter((element) =>
      element.includes(".lv-bar"),
    ),
  };
}

const lowVisionBudgetBytes = 8 * 1024;
let lowVisionBytes: string | undefined;

describe("raw HTML of every route (no JavaScript run)", () => {
  for (const page of allPages) {
    test(`${page.path}: 200, Russian title, heading, top bar and full navigation`, async () => {
      const response = await fetch(`${env.site.baseUrl}${page.path}`);
      assert.equal(response.status, 200);
      assert.match(response.headers.get("content-type") ?? "", /^text\/html/);
      const html = await response.text();
      assert.match(html, /<html lang="ru">/);
      assert.match(html, new RegExp(`<title>${escapeRegExp(page.title)}`));
      assert.match(html, /<meta name="description" content="[^"]{20,}"/);
      assert.match(html, /<h1[^>]*>/);
      assert.match(html, /<header class="site-header/);
      assert.match(html, /<button[^>]*popoverTarget="site-menu"[^>]*>.*?Меню/);
      // The navigation: the menu and the bar, as the specification lists them (/news is not
      // in it: the home page's news block and the sitemap lead there).
      for (const other of [...menuPaths, ...barPaths]) {
        assert.ok(html.includes(`href="${other}"`), `${page.path} links to ${other}`);
      }
      // All CSS is inline (no stylesheet request before the first paint), within budget.
      assert.doesNotMatch(html, /<link[^>]+rel="stylesheet"/);
      const cssBytes = Buffer.byteLength(
        [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join(""),
      );
      console.log(
        `CSS ${page.path}: ${(cssBytes / 1024).toFixed(1)} KB, all inline (budget ${cssBudgetBytes / 1024} KB)`,
      );
      assert.ok(
        cssBytes <= cssBudgetBytes,
        `${page.path}: ${cssBytes} B of CSS > ${cssBudgetBytes}`,
      );
      // Every page carries the low-vision panel: two static inline scripts and its CSS, the same
      // bytes everywhere, within 8 KB gzipped.
      const lowVision = lowVisionParts(html);
      assert.equal(lowVision.scripts.length, 2, "the head script and the panel script");
      assert.equal(lowVision.styles.length, 1, "the panel's CSS");
      const parts = [...lowVision.scripts, ...lowVision.styles].join("");
      lowVisionBytes ??= parts;
      assert.equal(parts, lowVisionBytes, "the same bytes on every page");
      const gzipped = gzipSync(parts, { level: 9 }).length;
      console.log(`low-vision panel ${page.path}: ${gzipped} B gzipped (script + CSS)`);
      assert.ok(gzipped <= lowVisionBudgetBytes, `${gzipped} B > ${lowVisionBudgetBytes}`);
      // Besides the panel's: the form's island on /appeals (no React Router runtime, no inline
      // hydration data), the fullscreen toggle inline on /to_investors, nothing elsewhere.
      const scripts = executableScripts(html).filter(
        (element) => !lowVision.scripts.includes(element),
      );
      if (page.path === "/appeals") {
        assert.equal(scripts.length, 1, scripts.join(" "));
        // Loaded after the page's load event and its next frame, so the first paint never waits.
        assert.match(
          scripts[0] ?? "",
          /^<script type="module">addEventListener\("load",\(\)=>requestAnimationFrame\(\(\)=>setTimeout\(\(\)=>import\("\/assets\/appeal-form-island-[\w-]+\.js"\)\)\)\)<\/script>$/,
        );
      } else if (page.path === "/to_investors") {
        assert.equal(scripts.length, 1, "the fullscreen toggle, inline");
        assert.match(scripts[0] ?? "", /^<script>/);
      } else {
        assert.deepEqual(
          scripts,
          [],
          `${page.path} is a content page: no <script> but the panel's`,
        );
      }
    });
  }
});

describe("every route in Chromium", () => {
  for (const page of allPages) {
    test(`${page.path}: 0 axe violations, no console errors, JS within budget`, async () => {
      const watched = await openPage(env.browser);
      const scriptBytes: number[] = [];
      watched.page.on("response", async (response) => {
        if (/javascript/.test(response.headers()["content-type"] ?? "")) {
          scriptBytes.push(gzipSync(await response.body(), { level: 9 }).length);
        }
      });
      try {
        await watched.page.goto(`${env.site.baseUrl}${page.path}`, { waitUntil: "networkidle" });
        const heading = await watched.page.getByRole("heading", { level: 1 }).first().textContent();
        assert.ok(heading && heading.trim().length > 0);
        assert.deepEqual(await axeViolations(watched.page), []);
        assert.deepEqual(watched.consoleErrors, []);
        const gzippedJs = scriptBytes.reduce((sum, bytes) => sum + bytes, 0);
        const budget = scriptBudgetBytes[page.path] ?? 0;
        console.log(
          `JS ${page.path}: ${(gzippedJs / 1024).toFixed(1)} KB gzipped (budget ${budget / 1024} KB)`,
        );
        assert.ok(gzippedJs <= budget, `${page.path}: ${gzippedJs} B of gzipped JS > ${budget}`);
        if (budget === 0) assert.equal(scriptBytes.length, 0, "no script file");
      } finally {
        await watched.close();
      }
    });
  }
});

describe("narrow screens and zoom: no sideways scroll", () => {
  const viewports = [
    { name: "320 px phone", viewport: { width: 320, height: 640 } },
    {
      name: "200% zoom of a 1280 px screen",
      viewport: { width: 640, height: 400 },
      deviceScaleFactor: 2,
    },
  ];
  for (const { name, ...options } of viewports) {
    test(`${name}: every route fits the width`, async () => {
      const watched = await openPage(env.browser, options);
      try {
        for (const page of allPages) {
          await watched.page.goto(`${env.site.baseUrl}${page.path}`, { waitUntil: "load" });
          const overflow = await watched.page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          assert.equal(overflow, 0, `${page.path} scrolls sideways by ${overflow} px at ${name}`);
        }
      } finally {
        await watched.close();
      }
    });
  }
});

describe("unknown addresses", () => {
  test("an unknown page answers 404 with the Russian page and the layout", async () => {
    const response = await fetch(`${env.site.baseUrl}/no-such-page`);
    assert.equal(response.status, 404);
    const html = await response.text();
    assert.match(html, /<h1>Страница не найдена<\/h1>/);
    assert.match(html, /<header class="site-header/);
  });

  test("an unknown file answers a plain 404", async () => {
    const response = await fetch(`${env.site.baseUrl}/docs/no-such-file.pdf`);
    assert.equal(response.status, 404);
    assert.match(response.headers.get("content-type") ?? "", /^text\/plain/);
  });

  test("GET /healthz answers 200 while the store is reachable", async () => {
    const response = await fetch(`${env.site.baseUrl}/healthz`);
    assert.equal(response.status, 200);
    const health = (await response.json()) as { status: string; outbox: { failed: number } };
    assert.equal(health.status, "ok");
    assert.equal(health.outbox.failed, 0);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
