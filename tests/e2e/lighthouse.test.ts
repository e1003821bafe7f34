// Lighthouse mobile on every route. Accessibility, best practices, SEO and agentic browsing are
// audits of the page itself and must be 100. Performance is a timing on a shared, noisy machine:
// here it only guards against a real regression (>= 95); `npm run bench:lighthouse` measures it
// properly (several runs, the median).
import assert from "node:assert/strict";
import { test } from "node:test";
import { siteForTests } from "./harness.ts";
import { lighthouseRun } from "./lighthouse-run.ts";
import { allPages } from "./site-pages.ts";

const performanceFloor = 0.95;
const env = siteForTests();

for (const page of allPages) {
  test(`Lighthouse mobile ${page.path}: 100 in every audit category, performance >= 95`, async () => {
    const { scores, largestContentfulPaintMs } = await lighthouseRun(
      `${env.site.baseUrl}${page.path}`,
    );
    const lcp = largestContentfulPaintMs === null ? "?" : Math.round(largestContentfulPaintMs);
    console.log(`Lighthouse ${page.path}: ${JSON.stringify(scores)}, LCP ${lcp} ms`);
    const { performance, ...audits } = scores;
    assert.ok(
      Object.keys(audits).length >= 4,
      "accessibility, best practices, SEO, agentic browsing",
    );
    for (const [name, score] of Object.entries(audits)) {
      assert.equal(score, 1, `${page.path} ${name} = ${score}`);
    }
    assert.ok((performance ?? 0) >= performanceFloor, `${page.path} performance = ${performance}`);
  });
}
