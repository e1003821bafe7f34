import * as ChromeLauncher from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import { chromiumArgs, chromiumPath } from "./harness.ts";

type LighthouseScores = Record<string, number | null>;

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
  /** The page's own document on the wire, headers included, in bytes; null: not reported. */
  documentTransferBytes: number | null;
};

type Report = {
  runtimeError?: { code: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      score?: number | null;
      details?: { items?: Array<{ resourceType?: string; transferSize?: number }> };
    }
  >;
};

/**
 * Lighthouse's defaults but for what no judged category reads: the back/forward-cache audit
 * (weight 0, and its gatherer navigates away and back), the filmstrip, the final screenshot and
 * the full-page screenshot (pictures for the HTML report, which is not written). About a second
 * of a ~9 s run on a loaded 2-core machine (decision 0038).
 *
 * And shorter waits once the page has loaded: Lighthouse waits 1 s after the first paint and
 * after load, and for 1 s without requests and 1 s without main-thread work, before it ends the
 * trace. Our pages load no script but the appeal form's small island and make 3–15 requests, all
 * before load; half a second of quiet still sees the fonts and the island's hydration. On
 * /contacts, four pairs on a loaded machine: 7.5, 5.4, 5.8, 6.4 s a run with the defaults against
 * 4.2, 4.3, 5.5, 4.2 s with 100 / 100 / 250 / 250 ms, the same scores and LCP (701–934 ms against
 * 703–943 ms); the values below are between the two.
 */
const runFlags: Flags = {
  output: "json",
  logLevel: "error",
  disableFullPageScreenshot: true,
  skipAudits: ["bf-cache", "screenshot-thumbnails", "final-screenshot"],
  pauseAfterFcpMs: 250,
  pauseAfterLoadMs: 250,
  networkQuietThresholdMs: 500,
  cpuQuietThresholdMs: 500,
};

/** Lighthouse runs in one Chrome, launched once (`close` when done). */
export type LighthouseBrowser = {
  /** `notRun`: audits left out of this run (and so of its categories' scores). */
  run(url: string, notRun?: readonly string[]): Promise<LighthouseResult>;
  close(): Promise<void>;
};

/**
 * One Chrome, launched as Lighthouse's own command line launches it (chrome-launcher, the same
 * flags), for every run: the command line started Node, loaded Lighthouse and launched a new
 * Chrome for each route, a few seconds of CPU per run that measured nothing (decision 0032). Each
 * run is mobile (Lighthouse's default form factor and simulated throttling), ~12 s, in a new tab
 * with the origin's storage cleared, as the command line does. A run that Lighthouse itself could
 * not record (e.g. NO_NAVSTART on a loaded machine: "Please run Lighthouse again") is run up to
 * twice more; a third failure fails. (Once more was not enough: with one core kept busy, /appeals
 * gave NO_NAVSTART twice in a row, 28 November.)
 */
export async function openLighthouse(
  /**
   * Only these categories and audits, when given: the tests' gates need no performance score,
   * and leaving out its simulated metrics (LCP, TBT, Speed Index...) took a run from 8.7 to 7.6 s
   * of the machine's CPU (decision 0052); the benchmark asks for everything.
   */
  only?: { categories: readonly string[]; audits: readonly string[] },
): Promise<LighthouseBrowser> {
  const chrome = await ChromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: chromiumArgs,
    logLevel: "error",
  });
  const runOnce = async (
    url: string,
    retries: number,
    notRun: readonly string[] = [],
  ): Promise<LighthouseResult> => {
    const flags: Flags = {
      ...runFlags,
      skipAudits: [...(runFlags.skipAudits ?? []), ...notRun],
      ...(only ? { onlyCategories: [...only.categories], onlyAudits: [...only.audits] } : {}),
    };
    const result = await lighthouse(url, { port: chrome.port, ...flags });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const report = result.lhr as unknown as Report;
    if (report.runtimeError) {
      if (retries > 0) return runOnce(url, retries - 1, notRun);
      throw new Error(`Lighthouse could not record ${url}: ${report.runtimeError.code}`);
    }
    return summaryOf(report);
  };
  return {
    run: (url, notRun) => runOnce(url, 2, notRun),
    async close() {
      chrome.kill();
    },
  };
}

function summaryOf(report: Report): LighthouseResult {
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
    documentTransferBytes:
      report.audits["network-requests"]?.details?.items?.find(
        (request) => request.resourceType === "Document",
      )?.transferSize ?? null,
  };
}
