// Lighthouse mobile on every route, judged only by what is a property of the page, never of the
// host: 100 in accessibility, best practices, SEO and agentic browsing; no layout shift; no
// request that holds the first paint; a bounded number of requests; and a Largest Contentful
// Paint of at most 1.2 s in Lighthouse's simulation, which models it from the network (the page's
// bytes and requests), so it holds on a busy machine. The performance score is not a gate: its
// Total Blocking Time multiplies the main thread's observed work by the simulated CPU slowdown,
// so it moves with whatever else runs on a shared machine (decision 0012). `npm run
// bench:lighthouse` prints the score, LCP and TBT per route. A route that misses is run again, up
// to three runs, and judged by its best: a real regression misses in all three.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { siteForTests } from "./harness.ts";
import { type LighthouseBrowser, type LighthouseResult, openLighthouse } from "./lighthouse-run.ts";
import { allPages } from "./site-pages.ts";

const largestContentfulPaintBudgetMs = 1200;
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
  const lcp = result.largestContentfulPaintMs ?? Number.POSITIVE_INFINITY;
  if (lcp > largestContentfulPaintBudgetMs) found.push(`LCP ${Math.round(lcp)} ms`);
  if (result.cumulativeLayoutShift !== 0) found.push(`CLS ${result.cumulativeLayoutShift}`);
  if (result.renderBlockingRequests !== 0) {
    found.push(`render-blocking requests: ${result.renderBlockingRequests ?? "not reported"}`);
  }
  if (result.requestCount > requestBudget) found.push(`${result.requestCount} requests`);
  return found;
}

for (const page of allPages) {
  test(`Lighthouse mobile ${page.path}: 100 in accessibility, best practices, SEO, agentic browsing; CLS 0; nothing render-blocking; LCP <= ${largestContentfulPaintBudgetMs} ms`, async () => {
    const runs: string[][] = [];
    let result: LighthouseResult | undefined;
    while (runs.length < maxRuns) {
      result = await lighthouse.run(`${env.site.baseUrl}${page.path}`);
      const lcp = Math.round(result.largestContentfulPaintMs ?? Number.NaN);
      const tbt = Math.round(result.totalBlockingTimeMs ?? Number.NaN);
      console.log(
        `Lighthouse ${page.path}: ${JSON.stringify(result.scores)}, LCP ${lcp} ms, TBT ${tbt} ms (printed), CLS ${result.cumulativeLayoutShift}, ${result.requestCount} requests`,
      );
      runs.push(misses(result));
      if (runs.at(-1)?.length === 0) break;
    }
    for (const category of gatedCategories) {
      assert.ok(category in (result?.scores ?? {}), `Lighthouse reports ${category}`);
    }
    assert.ok((result?.requestCount ?? 0) > 0, "Lighthouse lists the page's requests");
    assert.deepEqual(
      runs.at(-1),
      [],
      `${page.path} in ${runs.length} runs: ${JSON.stringify(runs)}`,
    );
  });
}
