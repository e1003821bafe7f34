// Lighthouse mobile on every route, several runs each (default 3): prints the median and the
// lowest score per category. Usage: npm run build && npm run bench:lighthouse [-- runs]
import { startSite } from "../tests/e2e/harness.ts";
import { type LighthouseScores, lighthouseScores } from "../tests/e2e/lighthouse-run.ts";
import { allPages } from "../tests/e2e/site-pages.ts";

const runs = Number(process.argv[2] ?? 3);
const site = await startSite();
try {
  console.log(`Lighthouse mobile, ${runs} runs per route: median (lowest) per category`);
  for (const page of allPages) {
    const results: LighthouseScores[] = [];
    for (let run = 0; run < runs; run++)
      results.push(await lighthouseScores(`${site.baseUrl}${page.path}`));
    const categories = Object.keys(results[0] ?? {});
    const summary = categories.map((category) => {
      const scores = results
        .map((result) => Math.round((result[category] ?? 0) * 100))
        .sort((a, b) => a - b);
      return `${category} ${scores[Math.floor(scores.length / 2)]} (${scores[0]})`;
    });
    console.log(`${page.path.padEnd(24)} ${summary.join(", ")}`);
  }
} finally {
  await site.close();
}
