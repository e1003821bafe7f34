// Lighthouse mobile on every route, several runs each (default 3): prints the median and the
// lowest score per category, and the median and the worst Largest Contentful Paint and Total
// Blocking Time. The performance score and TBT follow the host's load (TBT is the observed main
// thread work times the simulated CPU slowdown): they are figures to compare, never a gate.
// Usage: npm run build && npm run bench:lighthouse [-- runs]
import { startSite } from "../tests/e2e/harness.ts";
import { type LighthouseResult, openLighthouse } from "../tests/e2e/lighthouse-run.ts";
import { allPages } from "../tests/e2e/site-pages.ts";

const runs = Number(process.argv[2] ?? 3);
const median = (values: number[]) => values[Math.floor(values.length / 2)] ?? Number.NaN;
/** Median and worst of a measure, rounded: `worst` is the highest (times) or lowest (scores). */
function spread(values: number[], worstIsHighest: boolean): string {
  const sorted = values.map(Math.round).sort((a, b) => a - b);
  return `${median(sorted)} (${worstIsHighest ? sorted.at(-1) : sorted[0]})`;
}

const site = await startSite();
const lighthouse = await openLighthouse();
try {
  console.log(
    `Lighthouse mobile, ${runs} runs per route: median (worst) of each score, LCP and TBT`,
  );
  for (const page of allPages) {
    const results: LighthouseResult[] = [];
    for (let run = 0; run < runs; run++)
      results.push(await lighthouse.run(`${site.baseUrl}${page.path}`));
    const categories = Object.keys(results[0]?.scores ?? {});
    const scores = categories.map(
      (category) =>
        `${category} ${spread(
          results.map((result) => (result.scores[category] ?? 0) * 100),
          false,
        )}`,
    );
    const lcp = spread(
      results.map((result) => result.largestContentfulPaintMs ?? Number.NaN),
      true,
    );
    const tbt = spread(
      results.map((result) => result.totalBlockingTimeMs ?? Number.NaN),
      true,
    );
    console.log(`${page.path.padEnd(24)} ${scores.join(", ")}; LCP ${lcp} ms; TBT ${tbt} ms`);
  }
} finally {
  await lighthouse.close();
  await site.close();
}
