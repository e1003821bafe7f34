// Runs test files N at a time (node:test's run(), each file in a process of its own), the slowest
// first, with the spec reporter and each file's time at the end. `node --test` starts files in
// alphabetical order, so a long file whose name sorts late (the staff workplace's sweep, the
// restore test) ran alone at the end while the other slot stood idle; started first, it overlaps
// the many short ones (decision 0032). Usage:
//   node tests/support/run-test-files.ts --concurrency 2 [--alone tests/e2e/x.test.ts] "tests/e2e/**/*.test.ts"
import { globSync } from "node:fs";
import { run } from "node:test";
import { spec } from "node:test/reporters";
import { parseArgs } from "node:util";
import fileTimes from "./file-times-reporter.ts";
import { slowestFirst } from "./slowest-test-files.ts";

const { values, positionals } = parseArgs({
  options: {
    concurrency: { type: "string", default: "2" },
    // Files run after the others, by themselves: Lighthouse's simulated LCP scales the page's
    // main-thread tasks as observed, and beside the low-vision sweep (both in Chromium) it passed
    // the 1.2 s budget (1208 and 1263 ms in the third run) on a quiet 2-core machine.
    alone: { type: "string", multiple: true, default: [] },
  },
  allowPositionals: true,
});
const concurrency = Number(values.concurrency);
if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error("--concurrency: a number");

const files = [...new Set(positionals.flatMap((pattern) => globSync(pattern)))].sort();
if (files.length === 0) throw new Error(`no test file matches ${positionals.join(" ")}`);
const rank = (file: string) => {
  const index = slowestFirst.indexOf(file);
  return index === -1 ? slowestFirst.length : index;
};
const ordered = [...files].sort((a, b) => rank(a) - rank(b));
const alone = new Set(values.alone.flatMap((pattern) => globSync(pattern)));

/** Runs the files, `concurrency` at a time, printing as it goes; resolves when all have ended. */
function runFiles(batch: string[], at: number): Promise<void> {
  if (batch.length === 0) return Promise.resolve();
  const stream = run({ files: batch, concurrency: at });
  stream.on("test:fail", () => {
    process.exitCode = 1;
  });
  const printed = stream.compose(spec);
  printed.pipe(process.stdout, { end: false });
  stream.compose(fileTimes).pipe(process.stdout, { end: false });
  return new Promise((resolve) => printed.on("end", resolve));
}

await runFiles(
  ordered.filter((file) => !alone.has(file)),
  concurrency,
);
await runFiles(
  ordered.filter((file) => alone.has(file)),
  1,
);
