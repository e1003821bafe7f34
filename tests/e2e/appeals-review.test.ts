// The public review /appeals/review on SQLite and PostgreSQL stores seeded with 10,000 appeals
// over two years: per quarter it shows the counts made again here from the seed's records, holds
// no name, e-mail, phone or text of any appeal, and writes a count below 5 as 'менее 5' (checked
// on a store of a few appeals, where most cells are small). In Chromium without JavaScript:
// linked from /appeals, no script file, axe, no sideways scroll at 320 px; valid HTML (vnu): the
// browser's checks on SQLite only (decision 0051).
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Browser } from "playwright-core";
import {
  reviewColumns,
  reviewCount,
  reviewQuarterBuckets,
  smallCountText,
} from "../../domain/appeals/appeals-review.ts";
import { suppressReviewCounts } from "../../domain/appeals/review-suppression.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { type SeededAppeal, seedAppeals } from "../../scripts/seed-appeals.ts";
import { parseDatabaseUrl } from "../../server/config.ts";
import { openDatabase } from "../../server/db/open-database.ts";
import { derivableSmallCounts, seenCount } from "../support/review-disclosure.ts";
import { expectedReview } from "../support/seeded-statistics.ts";
import { textOf } from "../support/staff-test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../support/test-databases.ts";
import { axeViolations } from "./axe.ts";
import { chartLabelProblems } from "./chart-labels.ts";
import { launchBrowser, openPage, type RunningSite, startSite } from "./harness.ts";
import { htmlCheckerErrors } from "./html-checker.ts";

/** The review table's rows as shown: the quarter and its five cells' text. */
function reviewRows(html: string): Array<{ quarter: string; cells: string[] }> {
  const tbody =
    /<table class="data-table review-table stacked-table"[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(
      html,
    )?.[1];
  assert.ok(tbody, "the review has its table");
  return [...tbody.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => ({
    quarter: textOf(/<th scope="row">([\s\S]*?)<\/th>/.exec(row[1] ?? "")?.[1] ?? ""),
    cells: [...(row[1] ?? "").matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) =>
      textOf(cell[1] ?? ""),
    ),
  }));
}

/** A quarter's recounted cells as the page should write them, withheld ones included. */
function publishedCells([
  received = 0,
  answered = 0,
  forwarded = 0,
  withoutAnswer = 0,
  onTime = 0,
]: number[]) {
  const shown = suppressReviewCounts({
    received,
    answered,
    forwarded,
    withoutAnswer,
    answeredOnTime: onTime,
  });
  return reviewColumns.map(([column]) => reviewCount(shown[column]));
}

/** The hidden counts of 1 to 4 a reader could work out from the table as shown, by quarter. */
function derivableFrom(shown: ReturnType<typeof reviewRows>) {
  return shown.flatMap((row) => {
    const [received, answered, forwarded, withoutAnswer, answeredOnTime] = row.cells.map(seenCount);
    const found = derivableSmallCounts({
      received: received ?? 0,
      answered: answered ?? 0,
      forwarded: forwarded ?? 0,
      withoutAnswer: withoutAnswer ?? 0,
      answeredOnTime: answeredOnTime ?? 0,
    });
    return Object.keys(found).length > 0 ? [`${row.quarter}: ${JSON.stringify(found)}`] : [];
  });
}

/** The rows the page should show for these appeals, written as the page writes counts. */
function expectedRows(seeded: readonly SeededAppeal[], today: string) {
  const quarters = reviewQuarterBuckets(today);
  const counts = expectedReview(seeded, quarters[0]?.first ?? today, today);
  return quarters.map((quarter) => {
    const key = `${quarter.first.slice(0, 4)}-${(Number(quarter.first.slice(5, 7)) + 2) / 3}`;
    return {
      quarter: quarter.label,
      cells: publishedCells(counts.get(key) ?? [0, 0, 0, 0, 0]),
    };
  });
}

async function seededSite(kind: (typeof testDatabaseKinds)[number], count: number) {
  const database = await kind.create();
  const db = await openDatabase(parseDatabaseUrl(database.url));
  const seeded = await seedAppeals(db, count);
  await db.close();
  return { database, seeded, site: await startSite({ databaseUrl: database.url }) };
}

for (const kind of testDatabaseKinds) {
  describe(`the public review on ${kind.name}, 10,000 seeded appeals`, () => {
    let database: TestDatabase;
    let site: RunningSite;
    let seeded: SeededAppeal[];
    let browser: Browser;
    // The counts are the store's SQL, read over HTTP on both stores; what Chromium checks is the
    // same markup on both, and runs once, on SQLite (decision 0051).
    const inBrowser = kind.name === "SQLite";
    before(async () => {
      ({ database, site, seeded } = await seededSite(kind, 10_000));
      if (inBrowser) browser = await launchBrowser();
    });
    after(async () => {
      await browser?.close();
      await site?.close();
      await database?.drop();
    });

    test("per quarter, the counts of the seeded appeals", async () => {
      const today = kirovIsoDate(new Date());
      const response = await fetch(`${site.baseUrl}/appeals/review`);
      assert.equal(response.status, 200);
      const html = await response.text();
      const shown = reviewRows(html);
      assert.equal(shown.length, 8);
      assert.deepEqual(shown, expectedRows(seeded, today));
      assert.ok(
        shown.some((row) => row.cells.every((cell) => /^\d[\d\s]*$/.test(cell))),
        "large counts are shown as numbers",
      );
      assert.deepEqual(derivableFrom(shown), [], "no hidden small count can be worked out");
    });

    test("no name, e-mail, phone or text of any seeded appeal is on the page", async () => {
      const html = await (await fetch(`${site.baseUrl}/appeals/review`)).text();
      const text = textOf(html);
      const leaks: string[] = [];
      for (const appeal of seeded) {
        for (const value of [
          appeal.first_name,
          appeal.last_name,
          appeal.email,
          appeal.phone,
          appeal.phone_normalized,
          appeal.comment,
          appeal.number,
        ]) {
          if (html.includes(value) || text.includes(value)) leaks.push(value);
        }
      }
      assert.deepEqual(leaks, []);
    });

    if (inBrowser)
      test("without JavaScript: linked from /appeals, read with no script file", async () => {
        const { page, consoleErrors, close } = await openPage(browser, {
          javaScriptEnabled: false,
        });
        try {
          await page.goto(`${site.baseUrl}/appeals`);
          await page.getByRole("link", { name: "Обзор обращений граждан" }).click();
          await page.getByRole("heading", { level: 1, name: "Обзор обращений граждан" }).waitFor();
          assert.equal(await page.locator("script[src]").count(), 0);
          assert.equal(await page.locator("svg.bar-chart[aria-hidden='true']").count(), 1);
          assert.equal(await page.getByRole("row").count(), 9, "a header row and eight quarters");
          assert.deepEqual(consoleErrors, []);
        } finally {
          await close();
        }
      });

    // axe runs as a script in the page, so this one keeps JavaScript on.
    if (inBrowser)
      test("axe finds nothing; no sideways scroll at 320 px", async () => {
        const { page, consoleErrors, close } = await openPage(browser, {
          viewport: { width: 320, height: 640 },
        });
        try {
          await page.goto(`${site.baseUrl}/appeals/review`);
          assert.deepEqual(await axeViolations(page), []);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          assert.equal(overflow, 0, "no sideways scroll at 320 px");
          assert.deepEqual(consoleErrors, []);
        } finally {
          await close();
        }
      });
  });
}

for (const kind of testDatabaseKinds) {
  describe(`the public review on a ${kind.name} store of a few appeals`, () => {
    let database: TestDatabase;
    let site: RunningSite;
    let seeded: SeededAppeal[];
    before(async () => {
      ({ database, site, seeded } = await seededSite(kind, 60));
    });
    after(async () => {
      await site?.close();
      await database?.drop();
    });

    test("a count below 5 is written 'менее 5', never as its number, nor worked out by subtraction", async () => {
      const html = await (await fetch(`${site.baseUrl}/appeals/review`)).text();
      const shown = reviewRows(html);
      assert.deepEqual(shown, expectedRows(seeded, kirovIsoDate(new Date())));
      assert.deepEqual(derivableFrom(shown), [], "no hidden small count can be worked out");
      const cells = shown.flatMap((row) => row.cells);
      assert.ok(cells.includes(smallCountText), "some cells are small");
      assert.deepEqual(
        cells.filter((cell) => /^[0-4]$/.test(cell)),
        [],
      );
      // The chart's bar labels follow the same rule.
      const chart = /<svg class="bar-chart"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? "";
      assert.deepEqual(
        [...chart.matchAll(/<text[^>]*>([\s\S]*?)<\/text>/g)]
          .map((label) => textOf(label[1] ?? ""))
          .filter((label) => /^[0-4]$/.test(label)),
        [],
      );
    });

    // The layout is the same on both stores: the browser measures it once.
    if (kind.name === "SQLite")
      test("on a phone and at 200% zoom the chart's labels read and the table is whole", async () => {
        const browser = await launchBrowser();
        const found: string[] = [];
        try {
          for (const [name, options] of [
            ["320 px", { viewport: { width: 320, height: 640 } }],
            ["414 px", { viewport: { width: 414, height: 896 } }],
            ["200% zoom", { viewport: { width: 640, height: 450 }, deviceScaleFactor: 2 }],
          ] as const) {
            const { page, close } = await openPage(browser, options);
            try {
              await page.goto(`${site.baseUrl}/appeals/review`);
              for (const problem of await chartLabelProblems(page))
                found.push(`${name}: ${problem}`);
              // Below 48rem the chart is left out, the table alone says it (issue 44).
              const chartShown = await page.locator("svg.bar-chart").isVisible();
              if (chartShown !== options.viewport.width >= 768)
                found.push(`${name}: the chart is ${chartShown ? "shown" : "left out"}`);
              // The table fits: nothing of it hidden past its region's right edge, no page scroll.
              const table = await page.locator(".review-table").evaluate((element) => {
                const region = element.parentElement as HTMLElement;
                const cells = [...element.querySelectorAll("th, td")].map((cell) =>
                  cell.getBoundingClientRect(),
                );
                return {
                  cut: region.scrollWidth - region.clientWidth,
                  outside: cells.filter(
                    (box) => box.right > region.getBoundingClientRect().right + 0.5 || box.left < 0,
                  ).length,
                  page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
                };
              });
              if (table.cut > 0) found.push(`${name}: the table is cut by ${table.cut} px`);
              if (table.outside > 0) found.push(`${name}: ${table.outside} cells past the edge`);
              if (table.page > 0)
                found.push(`${name}: the page scrolls sideways by ${table.page} px`);
            } finally {
              await close();
            }
          }
        } finally {
          await browser.close();
        }
        assert.deepEqual(found, []);
      });

    // The markup is the same on both stores: the checker (a Java program) runs once.
    if (kind.name === "SQLite")
      test("the page is valid HTML (W3C checker)", async () => {
        const dir = await mkdtemp(join(tmpdir(), "review-html-"));
        try {
          const file = join(dir, "review.html");
          await writeFile(file, await (await fetch(`${site.baseUrl}/appeals/review`)).text());
          const messages = await htmlCheckerErrors([file]);
          assert.deepEqual(
            messages.map((message) => message.message),
            [],
          );
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      });
  });
}
