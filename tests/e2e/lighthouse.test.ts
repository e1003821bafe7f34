// Lighthouse mobile on one route of each template (tests/e2e/site-pages.ts, decision 0051; every
// route's own words, titles and descriptions are checked by seo.test.ts and routes.test.ts), on the
// search's results and on a page staff published, judged only by what is a property of the page, never of the
// host: 100 in accessibility, best practices, SEO and agentic browsing; no layout shift; no
// request that holds the first paint; a bounded number of requests; and the page's document, which
// alone paints it (nothing is render-blocking), within the first round trip of a new connection:
// at most 14,600 bytes on the wire, TCP's initial window of 10 segments (RFC 6928), so a visitor
// on a slow rural link sees the page one round trip after the server answers.
// The Largest Contentful Paint is printed, not judged (decision 0049): Lighthouse's simulation
// counts the main thread's observed tasks four times over and adds every request that started
// before the paint the browser saw, so it followed the host and the race between the paint and
// the next request: 810, 960 and 1,410 ms for /appeals on one quiet machine, 1,792 ms in three
// runs on a loaded CI machine. The performance score and TBT are printed by
// `npm run bench:lighthouse`, never judged (decision 0012). A route that misses is run again, up to
// three runs, and judged by its best.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { siteContentDefaults } from "../../content/site-content-defaults.ts";
import { parseDatabaseUrl } from "../../server/config.ts";
import { openDataLayer } from "../../server/db/data-layer.ts";
import { createSqliteDatabase } from "../support/test-databases.ts";
import { siteForTests, startSite } from "./harness.ts";
import { type LighthouseBrowser, type LighthouseResult, openLighthouse } from "./lighthouse-run.ts";
import { allPages, templatePages } from "./site-pages.ts";

/** TCP's initial congestion window, 10 segments of 1,460 bytes (RFC 6928). */
const documentBudgetBytes = 14_600;
/** The page, its inline CSS and script, images, fonts, the icon: well under this on every route. */
const requestBudget = 15;
/** The categories that are properties of the page; performance is printed, not judged. */
const gatedCategories = ["accessibility", "best-practices", "seo", "agentic-browsing"];
const maxRuns = 3;
const env = siteForTests();
let lighthouse: LighthouseBrowser;
before(async () => {
  lighthouse = await openLighthouse();
});
after(async () => {
  await lighthouse?.close();
});

function misses(result: LighthouseResult): string[] {
  const found = Object.entries(result.scores)
    .filter(([name, score]) => gatedCategories.includes(name) && score !== 1)
    .map(([name, score]) => `${name} ${score}`);
  const documentBytes = result.documentTransferBytes ?? Number.POSITIVE_INFINITY;
  if (documentBytes > documentBudgetBytes) found.push(`document ${documentBytes} B on the wire`);
  if (result.cumulativeLayoutShift !== 0) found.push(`CLS ${result.cumulativeLayoutShift}`);
  if (result.renderBlockingRequests !== 0) {
    found.push(`render-blocking requests: ${result.renderBlockingRequests ?? "not reported"}`);
  }
  if (result.requestCount > requestBudget) found.push(`${result.requestCount} requests`);
  return found;
}

/** Lighthouse on one page, up to `maxRuns` runs, judged by the last (the first that misses nothing). */
async function judge(baseUrl: string, path: string, notRun?: readonly string[]): Promise<void> {
  const runs: string[][] = [];
  let result: LighthouseResult | undefined;
  while (runs.length < maxRuns) {
    result = await lighthouse.run(`${baseUrl}${path}`, notRun);
    const lcp = Math.round(result.largestContentfulPaintMs ?? Number.NaN);
    const tbt = Math.round(result.totalBlockingTimeMs ?? Number.NaN);
    console.log(
      `Lighthouse ${path}: ${JSON.stringify(result.scores)}, document ${result.documentTransferBytes} B, LCP ${lcp} ms and TBT ${tbt} ms (printed), CLS ${result.cumulativeLayoutShift}, ${result.requestCount} requests`,
    );
    runs.push(misses(result));
    if (runs.at(-1)?.length === 0) break;
  }
  for (const category of gatedCategories) {
    assert.ok(category in (result?.scores ?? {}), `Lighthouse reports ${category}`);
  }
  assert.ok((result?.requestCount ?? 0) > 0, "Lighthouse lists the page's requests");
  assert.deepEqual(runs.at(-1), [], `${path} in ${runs.length} runs: ${JSON.stringify(runs)}`);
}

const judged = `100 in accessibility, best practices, SEO, agentic browsing; CLS 0; nothing render-blocking; the document <= ${documentBudgetBytes} B`;

test("every route of the site stands in exactly one template judged here", () => {
  assert.deepEqual(
    templatePages.flatMap((template) => template.standsFor).sort(),
    allPages.map((page) => page.path).sort(),
  );
  for (const template of templatePages) assert.ok(template.standsFor.includes(template.path));
});

for (const page of templatePages) {
  test(`Lighthouse mobile ${page.path}: ${judged}`, () => judge(env.site.baseUrl, page.path));
}

// The search's results page (issue 29), rendered by the server, judged the same but for SEO's
// «is-crawlable»: a results page is `noindex` by design, which that audit reports as blocked.
const searched = "/search?q=анализ%20почвы";
test(`Lighthouse mobile ${searched}: ${judged} (noindex by design)`, () =>
  judge(env.site.baseUrl, searched, ["is-crawlable"]));

// Issue 28: a page staff published is judged as the build's are. The store holds a published
// edition of /vacancies with a new salary; the server renders it at start with the publisher (the
// same render, compression and swap as a publish on a running server, decision 0030).
test(`Lighthouse mobile /vacancies after a publish: ${judged}`, async () => {
  const database = await createSqliteDatabase();
  const data = await openDataLayer(parseDatabaseUrl(database.url));
  const at = new Date();
  const content = structuredClone(siteContentDefaults.vacancies);
  const [first] = content.vacancies;
  assert.ok(first, "the build has a vacancy");
  first.salary = { ...first.salary, amount: 47_500 };
  await data.transaction(async (tx) => {
    const id = await data.siteEditions.saveDraft(
      { page: "vacancies", content, by: "head", at },
      tx,
    );
    assert.ok(
      await data.siteEditions.publish({ id, page: "vacancies", from: "draft" }, "head", at, tx),
    );
  });
  await data.close();
  const published = await startSite({ databaseUrl: database.url });
  try {
    const html = await (await fetch(`${published.baseUrl}/vacancies`)).text();
    assert.match(html, /47\u00a0500\u00a0₽/, "the published salary is served");
    await judge(published.baseUrl, "/vacancies");
  } finally {
    await published.close();
    await database.drop();
  }
});
