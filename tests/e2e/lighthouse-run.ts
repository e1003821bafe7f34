import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { chromiumArgs, chromiumPath } from "./harness.ts";

const run = promisify(execFile);

export type LighthouseScores = Record<string, number | null>;

export type LighthouseResult = {
  scores: LighthouseScores;
  /** Largest Contentful Paint as Lighthouse simulates it on its mobile profile, in ms. */
  largestContentfulPaintMs: number | null;
  /**
   * Total Blocking Time, simulated, in ms: the main thread's observed work multiplied by the
   * simulated CPU slowdown, so it moves with the host's load. Printed, never a gate.
   */
  totalBlockingTimeMs: number | null;
  cumulativeLayoutShift: number | null;
  /** Requests that held the first paint (stylesheets, scripts in <head>); null: not reported. */
  renderBlockingRequests: number | null;
  /** Every request the page made while loading. */
  requestCount: number;
};

type Report = {
  runtimeError?: { code: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { numericValue?: number; score?: number | null; details?: { items?: unknown[] } }
  >;
};

/**
 * One Lighthouse run, mobile (its default form factor and simulated throttling), ~12 s. A run
 * that Lighthouse itself could not record (e.g. NO_NAVSTART on a loaded machine: "Please run
 * Lighthouse again") is run once more; a second failure fails.
 */
export async function lighthouseRun(url: string, retries = 1): Promise<LighthouseResult> {
  let report: Report;
  try {
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
    report = JSON.parse(stdout) as Report;
  } catch (error) {
    const stdout = (error as { stdout?: string }).stdout ?? "";
    const recordingFailed = /"runtimeError"/.test(stdout);
    if (recordingFailed && retries > 0) return lighthouseRun(url, retries - 1);
    throw error;
  }
  return {
    scores: Object.fromEntries(
      Object.entries(report.categories).map(([name, category]) => [name, category.score]),
    ),
    largestContentfulPaintMs: report.audits["largest-contentful-paint"]?.numericValue ?? null,
    totalBlockingTimeMs: report.audits["total-blocking-time"]?.numericValue ?? null,
    cumulativeLayoutShift: report.audits["cumulative-layout-shift"]?.numericValue ?? null,
    renderBlockingRequests:
      (report.audits["render-blocking-insight"] ?? report.audits["render-blocking-resources"])
        ?.details?.items?.length ?? null,
    requestCount: report.audits["network-requests"]?.details?.items?.length ?? 0,
  };
}
