// Lighthouse mobile on every route: 100 in every category (performance, accessibility, best
// practices, SEO, agentic browsing) and a Largest Contentful Paint of at most 1.2 s. Lighthouse
// simulates a slow phone and link from a trace of the real load, and the CPU part of that trace
// moves with whatever else runs on a shared 2-core machine: a route that misses is run again, up
// to three runs, and judged by its best. A real regression (a heavier page, a blocking request)
// misses in all three. `npm run bench:lighthouse` prints the median and the worst of several runs.
import assert from "node:assert/strict";
import { test } from "node:test";
import { siteForTests } from "./harness.ts";
import { type LighthouseResult, lighthouseRun } from "./lighthouse-run.ts";
import { allPages } from "./site-pages.ts";

const largestContentfulPaintBudgetMs = 1200;
const maxRuns = 3;
const env = siteForTests();

function misses(result: LighthouseResult): string[] {
  const low = Object.entries(result.scores)
    .filter(([, score]) => score !== 1)
    .map(([name, score]) => `${name} ${score}`);
  const lcp = result.largestContentfulPaintMs ?? Number.POSITIVE_INFINITY;
  return lcp > largestContentfulPaintBudgetMs ? [...low, `LCP ${Math.round(lcp)} ms`] : low;
}

for (const page of allPages) {
  test(`Lighthouse mobile ${page.path}: 100 in every category, LCP <= ${largestContentfulPaintBudgetMs} ms`, async () => {
    const runs: string[][] = [];
    let result: LighthouseResult | undefined;
    while (runs.length < maxRuns) {
      result = await lighthouseRun(`${env.site.baseUrl}${page.path}`);
      const lcp = Math.round(result.largestContentfulPaintMs ?? Number.NaN);
      console.log(`Lighthouse ${page.path}: ${JSON.stringify(result.scores)}, LCP ${lcp} ms`);
      runs.push(misses(result));
      if (runs.at(-1)?.length === 0) break;
    }
    assert.ok(
      Object.keys(result?.scores ?? {}).length >= 5,
      "performance, accessibility, best practices, SEO, agentic browsing",
    );
    assert.deepEqual(
      runs.at(-1),
      [],
      `${page.path} in ${runs.length} runs: ${JSON.stringify(runs)}`,
    );
  });
}
