/**
 * axe-core run in a page's own document, as one call of `axe.run` (decision 0035).
 *
 * @axe-core/playwright's `AxeBuilder.analyze()` took 1.4 s a page on this kind of machine, and
 * `axe.run` in the page itself 0.44 s for the same checks and the same answer: the builder
 * evaluates axe's 560 KB source in every frame on every call, runs the rules frame by frame
 * (`runPartial`) and then opens a blank page of its own to put the results together
 * (`finishRun`). Here the source is evaluated once per document and the results come back from
 * the call itself. Frames are not entered: the site's only frame is the map, from another origin
 * (unreachable in tests, where every external request is aborted).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, RunOptions } from "axe-core";
import type { Page } from "playwright-core";

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/** axe's violations on the page: one line per rule, "id: target | target". */
export async function axeViolations(page: Page, options: RunOptions = {}): Promise<string[]> {
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (runOptions) =>
      (
        window as unknown as { axe: { run(context: Document, o: RunOptions): Promise<AxeResults> } }
      ).axe.run(document, runOptions),
    { ...options, iframes: false, resultTypes: ["violations"] } satisfies RunOptions,
  );
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(" | ")}`,
  );
}
