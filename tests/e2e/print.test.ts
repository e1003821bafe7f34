// Printing prices, contacts, vacancies and documents: A4, no bars, menus, panels or widgets,
// links with their addresses, table rows kept whole.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { test } from "node:test";
import { openPage, siteAndBrowserForTests } from "./harness.ts";
import { shareOfColour } from "./screenshot-pixels.ts";

const env = siteAndBrowserForTests();
const screenshotDir = "test-results/print";
// The top bar's and the footer's greens, which must not reach paper.
const brand = [0x1f, 0x51, 0x32] as const;
const brandDark = [0x14, 0x38, 0x23] as const;

for (const path of ["/services/special_offer", "/contacts", "/vacancies", "/documents"]) {
  test(`${path} prints on A4 without navigation, links with addresses, rows whole`, async () => {
    await mkdir(screenshotDir, { recursive: true });
    // A4 at 96 dpi is 794 px wide.
    const watched = await openPage(env.browser, { viewport: { width: 794, height: 1123 } });
    const { page } = watched;
    try {
      await page.goto(`${env.site.baseUrl}${path}`, { waitUntil: "load" });
      await page.emulateMedia({ media: "print" });
      const shot = await page.screenshot({ fullPage: true });
      await page.screenshot({
        path: `${screenshotDir}/${path.slice(1).replaceAll("/", "-")}.png`,
        fullPage: true,
      });

      for (const selector of ["header", "nav", ".lv", ".skip-link", "iframe", "button"]) {
        const visible = await page
          .locator(selector)
          .evaluateAll(
            (elements) =>
              elements.filter((element) => (element as HTMLElement).checkVisibility()).length,
          );
        assert.equal(visible, 0, `${path}: no ${selector} on paper`);
      }
      assert.ok(await page.getByRole("heading", { level: 1 }).isVisible());
      for (const colour of [brand, brandDark]) {
        const share = await shareOfColour(page, shot, colour, 4);
        assert.ok(
          share < 0.001,
          `${path}: ${(share * 100).toFixed(2)}% of the page in a bar's green`,
        );
      }

      const linkAddresses = await page.locator("main a[href]").evaluateAll((links) =>
        links.map((link) => ({
          href: link.getAttribute("href") ?? "",
          after: getComputedStyle(link, "::after").content,
          text: link.textContent ?? "",
        })),
      );
      for (const link of linkAddresses) {
        if (link.href.startsWith("http")) assert.ok(link.after.includes(link.href), link.href);
        if (link.href.startsWith("/") && !/agrochem-kirov\.example/.test(link.text)) {
          assert.equal(link.after, `" (http://localhost:8000${link.href})"`, link.href);
        }
      }
      const rows = await page
        .locator("tr")
        .evaluateAll((elements) => elements.map((row) => getComputedStyle(row).breakInside));
      assert.ok(
        rows.every((value) => value === "avoid"),
        `${path}: rows never split`,
      );

      const pdf = await page.pdf({ format: "A4", printBackground: false });
      assert.ok(pdf.subarray(0, 5).toString() === "%PDF-", "prints to PDF");
      assert.deepEqual(watched.consoleErrors, []);
    } finally {
      await watched.close();
    }
  });
}
