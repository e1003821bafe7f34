import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { chromiumArgs, chromiumPath } from "./harness.ts";

const run = promisify(execFile);

export type LighthouseScores = Record<string, number | null>;

/** One Lighthouse run, mobile (its default form factor and simulated throttling), ~12 s. */
export async function lighthouseScores(url: string): Promise<LighthouseScores> {
  const { stdout } = await run(
    "node_modules/.bin/lighthouse",
    [
      url,
      "--quiet",
      "--output=json",
      "--output-path=stdout",
      `--chrome-flags=${chromiumArgs.join(" ")}`,
    ],
    { env: { ...process.env, CHROME_PATH: chromiumPath() }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout) as { categories: Record<string, { score: number | null }> };
  return Object.fromEntries(
    Object.entries(report.categories).map(([name, category]) => [name, category.score]),
  );
}
