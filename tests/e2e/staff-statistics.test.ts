// The statistics page, its files and the appeal topics in Chromium, on SQLite (decision 0051):
// a store seeded with 10,000 appeals over two years (scripts/seed-appeals.ts): every figure equals
// the count made again here from the seed's records (tests/support/seeded-statistics.ts), every
// chart has its table, axe finds nothing, the CSV and the XLSX hold the same numbers, and a topic
// picked on an appeal's page is audited and counted.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import ExcelJS from "exceljs";
import type { Browser, Page } from "playwright-core";
import { appealTopics } from "../../domain/appeals/appeal-topics.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { type SeededAppeal, seedAppeals } from "../../scripts/seed-appeals.ts";
import { parseDatabaseUrl } from "../../server/config.ts";
import { openDatabase } from "../../server/db/open-database.ts";
import { expectedStatistics } from "../support/seeded-statistics.ts";
import { browserStores, type TestDatabase } from "../support/test-databases.ts";
import { launchBrowser, type RunningSite, startSite } from "./harness.ts";
import { addAccount, assertAccessible, assertNoScripts, signedInPage } from "./staff-pages.ts";

const seededCount = 10_000;

type ShownFigure = {
  id: string;
  bars: number;
  svgHidden: boolean;
  rows: Array<{ label: string; value: number; text: string }>;
};

/** Every figure of the page as shown: its table's rows and how many bars its chart draws. */
async function shownFigures(page: Page): Promise<Map<string, ShownFigure>> {
  const figures = await page.locator("section[data-figure]").evaluateAll((sections) =>
    sections.map((section) => ({
      id: section.getAttribute("data-figure") ?? "",
      bars: section.querySelectorAll("svg rect").length,
      svgHidden:
        section.querySelectorAll("svg").length === 1 &&
        section.querySelector("svg")?.getAttribute("aria-hidden") === "true",
      tables: section.querySelectorAll("table").length,
      rows: [...section.querySelectorAll("tbody tr")].map((row) => ({
        label: row.querySelector("th")?.textContent ?? "",
        value: Number(row.querySelector("td")?.getAttribute("data-value")),
        text: row.querySelector("td")?.textContent ?? "",
      })),
    })),
  );
  for (const figure of figures) {
    assert.equal(figure.tables, 1, `${figure.id}: one table beside its chart`);
  }
  return new Map(figures.map((figure) => [figure.id, figure]));
}

function valuesOf(figure: ShownFigure | undefined): Map<string, number> {
  assert.ok(figure, "the figure is shown");
  return new Map(figure.rows.map((row) => [row.label, row.value]));
}

const decimal = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1 });

for (const kind of browserStores) {
  describe(`statistics on ${kind.name}, ${seededCount.toLocaleString("en")} seeded appeals`, () => {
    let database: TestDatabase;
    let site: RunningSite;
    let browser: Browser;
    let seeded: SeededAppeal[];
    const today = kirovIsoDate(new Date());
    const year = today.slice(0, 4);

    before(async () => {
      database = await kind.create();
      const db = await openDatabase(parseDatabaseUrl(database.url));
      seeded = await seedAppeals(db, seededCount);
      await db.close();
      site = await startSite({ databaseUrl: database.url });
      browser = await launchBrowser();
      await addAccount(site, "head");
    });
    after(async () => {
      await browser?.close();
      await site?.close();
      await database?.drop();
    });

    test("the year's figures equal a count of the seeded appeals; each chart has its table; axe", async () => {
      const { page, consoleErrors, close } = await signedInPage(browser, site, "head");
      try {
        await page.getByRole("link", { name: "Статистика" }).click();
        await page.getByRole("heading", { name: "Статистика обращений" }).waitFor();
        await assertNoScripts(page);
        await assertAccessible(page);
        const expected = expectedStatistics(seeded, `${year}-01-01`, `${year}-12-31`, today);
        assert.ok(expected.total > 3000, `a year holds thousands of appeals: ${expected.total}`);
        assert.equal(
          Number(await page.getByTestId("statistics-total").textContent()),
          expected.total,
        );
        const figures = await shownFigures(page);
        assert.deepEqual(
          [...figures.keys()],
          [
            "received-per-month",
            "by-state",
            "by-region",
            "by-topic",
            "by-outcome",
            "on-time",
            "answer-days",
            "overdue-now",
          ],
        );
        for (const figure of figures.values()) {
          assert.ok(figure.svgHidden, `${figure.id}: one chart, hidden from screen readers`);
          assert.ok(figure.bars > 0 && figure.bars <= figure.rows.length, `${figure.id}: bars`);
        }

        const perMonth = figures.get("received-per-month")?.rows ?? [];
        assert.deepEqual(
          perMonth.slice(0, 12).map((row) => row.value),
          Array.from(
            { length: 12 },
            (_, month) =>
              expected.perMonth.get(`${year}-${String(month + 1).padStart(2, "0")}`) ?? 0,
          ),
        );
        assert.equal(valuesOf(figures.get("received-per-month")).get("Всего"), expected.total);
        assert.deepEqual(valuesOf(figures.get("by-state")), expected.byState);
        assert.deepEqual(valuesOf(figures.get("by-topic")), expected.byTopic);
        assert.deepEqual(valuesOf(figures.get("by-outcome")), expected.byOutcome);

        // Regions: the ten largest by name, then the rest in one row.
        const regions = figures.get("by-region")?.rows ?? [];
        const largest = [...expected.byRegion.values()].sort((a, b) => b - a);
        assert.equal(regions.length, 11);
        for (const row of regions.slice(0, 10)) {
          assert.equal(row.value, expected.byRegion.get(row.label), row.label);
        }
        assert.deepEqual(
          regions.slice(0, 10).map((row) => row.value),
          largest.slice(0, 10),
        );
        assert.equal(regions[10]?.label, "Остальные регионы");
        assert.equal(
          regions[10]?.value,
          largest.slice(10).reduce((sum, value) => sum + value, 0),
        );

        const onTime = valuesOf(figures.get("on-time"));
        assert.equal(onTime.get("В срок"), expected.answeredOnTime);
        assert.equal(onTime.get("С нарушением срока"), expected.answered - expected.answeredOnTime);
        assert.ok(expected.answered - expected.answeredOnTime > 0, "some answers were late");
        const share = figures.get("on-time")?.rows.at(-1);
        assert.equal(
          share?.text,
          `${decimal.format((expected.answeredOnTime / expected.answered) * 100)} %`,
        );
        const days = figures.get("answer-days")?.rows ?? [];
        assert.equal(
          days.find((row) => row.label === "Среднее, дней")?.text,
          decimal.format(expected.meanDays),
        );
        assert.equal(
          days.find((row) => row.label === "9 из 10 ответов — не дольше, дней")?.value,
          expected.p90Days,
        );
        assert.equal(
          days.slice(0, 6).reduce((sum, row) => sum + row.value, 0),
          expected.answered,
        );
        const overdue = valuesOf(figures.get("overdue-now"));
        for (const [label, count] of expected.overdue)
          assert.equal(overdue.get(label), count, label);
        assert.ok((overdue.get("Ответ") ?? 0) > 0, "some appeals are overdue now");
        assert.deepEqual(consoleErrors, []);
      } finally {
        await close();
      }
    });

    test("a from–to period is counted the same way; a wrong one is refused in Russian", async () => {
      const { page, close } = await signedInPage(browser, site, "head");
      try {
        const from = `${Number(year) - 1}-03-15`;
        const to = `${Number(year) - 1}-08-10`;
        await page.goto(`${site.baseUrl}/staff/statistics`);
        await page.getByLabel("Произвольный период").check();
        await page.getByLabel("С", { exact: true }).fill(from);
        await page.getByLabel("По", { exact: true }).fill(to);
        await page.getByRole("button", { name: "Показать" }).click();
        await page.waitForURL(/period=range/);
        const expected = expectedStatistics(seeded, from, to, today);
        assert.equal(
          Number(await page.getByTestId("statistics-total").textContent()),
          expected.total,
        );
        const figures = await shownFigures(page);
        assert.equal(
          figures.get("received-per-month")?.rows.length,
          6 + 1,
          "six months and the sum",
        );
        assert.deepEqual(valuesOf(figures.get("by-outcome")), expected.byOutcome);
        await assertAccessible(page);

        const refused = await page.goto(
          `${site.baseUrl}/staff/statistics?period=range&from=${to}&to=${from}`,
        );
        assert.equal(refused?.status(), 400);
        await page.getByText("Конец периода не может быть раньше его начала").waitFor();

        // A month is chosen by its name (issue 44), and the page reads it as before.
        await page.goto(`${site.baseUrl}/staff/statistics`);
        await page.getByRole("radio", { name: "Месяц" }).check();
        await page.getByRole("combobox", { name: "Месяц" }).selectOption({ label: "Март" });
        await page.getByRole("textbox", { name: "Год", exact: true }).fill(year);
        await page.getByRole("button", { name: "Показать" }).click();
        await page.waitForURL(/period=month/);
        assert.match(page.url(), /[?&]month=3(&|$)/);
        assert.equal(
          await page.getByRole("combobox", { name: "Квартал" }).inputValue(),
          "1",
          "March is in the first quarter",
        );
      } finally {
        await close();
      }
    });

    test("the CSV and the XLSX workbook hold the page's numbers", async () => {
      const { page, close } = await signedInPage(browser, site, "head");
      try {
        const expected = expectedStatistics(seeded, `${year}-01-01`, `${year}-12-31`, today);
        await page.goto(`${site.baseUrl}/staff/statistics?period=year&year=${year}`);
        const csvLink = page.getByRole("link", { name: "CSV" });
        const csv = await page.request.get(
          new URL(String(await csvLink.getAttribute("href")), site.baseUrl).href,
        );
        assert.equal(csv.status(), 200);
        assert.match(csv.headers()["content-type"] ?? "", /^text\/csv/);
        const text = (await csv.body()).toString("utf8");
        assert.ok(text.startsWith("\uFEFF"), "a BOM for Excel");
        const lines = text.slice(1).split("\r\n");
        const number = (label: string) => {
          const line = lines.find((item) => item.startsWith(`${label};`));
          return Number(line?.split(";")[1]?.replace(/\s/g, "").replace(",", "."));
        };
        assert.equal(number("Всего"), expected.total);
        assert.equal(number("В срок"), expected.answeredOnTime);
        assert.equal(number("Дан ответ"), expected.answered);

        const xlsxLink = page.getByRole("link", { name: "Excel (XLSX)" });
        const xlsx = await page.request.get(
          new URL(String(await xlsxLink.getAttribute("href")), site.baseUrl).href,
        );
        assert.equal(xlsx.status(), 200);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(
          (await xlsx.body()) as unknown as Parameters<typeof workbook.xlsx.load>[0],
        );
        const cells = new Map<string, unknown>();
        workbook.worksheets[0]?.eachRow((row) => {
          const label = row.getCell(1).value;
          if (typeof label === "string" && !cells.has(label))
            cells.set(label, row.getCell(2).value);
        });
        assert.equal(cells.get("Всего"), expected.total);
        assert.equal(cells.get("В срок"), expected.answeredOnTime);
        for (const [label, count] of expected.byTopic) assert.equal(cells.get(label), count, label);
      } finally {
        await close();
      }
    });

    test("a topic picked on the appeal's page is shown, audited and counted", async () => {
      const { page, close } = await signedInPage(browser, site, "head");
      try {
        const appeal = seeded.findLast((item) => item.topic === null);
        assert.ok(appeal, "an appeal without a topic");
        const topic = appealTopics.find((item) => item.code === "laboratory");
        assert.ok(topic);
        await page.goto(`${site.baseUrl}/staff/appeals/${appeal.id}`);
        assert.equal(await page.getByTestId("appeal-topic").textContent(), "Тема не указана");
        await assertAccessible(page);
        const form = page.getByRole("form", { name: "Тема обращения" });
        await form.getByLabel("Тема").selectOption(topic.code);
        await form.getByRole("button", { name: "Сохранить тему" }).click();
        await page.getByTestId("appeal-topic").getByText(topic.label).waitFor();
        const line = page.getByRole("row").filter({ hasText: "Тема обращения" });
        await line.getByText(`тема: ${topic.label}`).waitFor();
        assert.match((await line.textContent()) ?? "", /head/);

        const received = kirovIsoDate(new Date(appeal.created_at)).slice(0, 4);
        const expected = expectedStatistics(
          seeded,
          `${received}-01-01`,
          `${received}-12-31`,
          today,
        );
        await page.goto(`${site.baseUrl}/staff/statistics?period=year&year=${received}`);
        const figures = await shownFigures(page);
        assert.equal(
          valuesOf(figures.get("by-topic")).get(topic.label),
          (expected.byTopic.get(topic.label) ?? 0) + 1,
        );
        // A forged topic is refused with a message and changes nothing.
        const forged = await page.request.post(`${site.baseUrl}/staff/appeals/${appeal.id}/topic`, {
          form: {
            topic: "astrology",
            _csrf: String(await page.locator("input[name=_csrf]").first().inputValue()),
          },
          headers: { origin: site.baseUrl },
        });
        assert.equal(forged.status(), 400);
        assert.match(await forged.text(), /Выберите тему обращения из списка/);
      } finally {
        await close();
      }
    });
  });
}
