// Lighthouse, mobile (its default form factor and throttling), on every route: 100 in every
// category. About 12 s a page on these machines.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { chromiumArgs, chromiumPath, type RunningSite, startSite } from "./harness.ts";
import { allPages } from "./site-pages.ts";

const run = promisify(execFile);
let site: RunningSite;

before(async () => {
  site = await startSite();
});

after(async () => {
  await site?.close();
});

type LighthouseReport = {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { id: string; score: number | null; scoreDisplayMode: string; displayValue?: string }
  >;
};

for (const page of allPages) {
  test(`Lighthouse mobile ${page.path}: 100 in every category`, async () => {
    const { stdout } = await run(
      "node_modules/.bin/lighthouse",
      [
        `${site.baseUrl}${page.path}`,
        "--quiet",
        "--output=json",
        "--output-path=stdout",
        `--chrome-flags=${chromiumArgs.join(" ")}`,
      ],
      { env: { ...process.env, CHROME_PATH: chromiumPath() }, maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(stdout) as LighthouseReport;
    const scores = Object.fromEntries(
      Object.entries(report.categories).map(([name, category]) => [name, category.score]),
    );
    console.log(`Lighthouse ${page.path}: ${JSON.stringify(scores)}`);
    const failing = Object.values(report.audits)
      .filter((audit) => audit.scoreDisplayMode === "binary" && audit.score === 0)
      .map((audit) => audit.id);
    for (const [name, score] of Object.entries(scores)) {
      assert.equal(
        score,
        1,
        `${page.path} ${name} = ${score}; failing audits: ${failing.join(", ")}`,
      );
    }
  });
}
