// Lighthouse mobile on every route, several runs each (default 3): prints the median and the
// lowest score per category, and the median and the slowest Largest Contentful Paint.
// Usage: npm run build && npm run bench:lighthouse [-- runs]
import { startSite } from "../tests/e2e/harness.ts";
import { type LighthouseResult, lighthouseRun } from "../tests/e2e/lighthouse-run.ts";
import { allPages } from "../tests/e2e/site-pages.ts";

const runs = Number(process.argv[2] ?? 3);
const median = (values: number[]) => values[Math.floor(values.length / 2)] ?? Number.NaN;
const site = await startSite();
try {
  console.log(
    `Lighthouse mobile, ${runs} runs per route: median (lowest) score per category; LCP median (slowest)`,
  );
  for (const page of allPages) {
    const results: LighthouseResult[] = [];
    for (let run = 0; run < runs; run++)
      results.push(await lighthouseRun(`${site.baseUrl}${page.path}`));
    const categories = Object.keys(results[0]?.scores ?? {});
    const summary = categories.map((category) => {
      const scores = results
        .map((result) => Math.round((result.scores[category] ?? 0) * 100))
        .sort((a, b) => a - b);
      return `${category} ${median(scores)} (${scores[0]})`;
    });
    const lcp = results
      .map((result) => Math.round(result.largestContentfulPaintMs ?? Number.NaN))
      .sort((a, b) => a - b);
    console.log(
      `${page.path.padEnd(24)} ${summary.join(", ")}; LCP ${median(lcp)} ms (${lcp.at(-1)} ms)`,
    );
  }
} finally {
  await site.close();
}
