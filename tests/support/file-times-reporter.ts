// A node:test reporter printing, at the end of a run, how long each test file took (the sum of
// its top-level tests), slowest first: the suite has a time budget (README), and this is where
// a run says what spends it. Used beside the spec reporter by the npm test scripts.
import type { TestEvent } from "node:test/reporters";

export default async function* fileTimes(source: AsyncIterable<TestEvent>) {
  const perFile = new Map<string, number>();
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    if (event.data.nesting !== 0) continue;
    const file = event.data.file ?? "(no file)";
    perFile.set(file, (perFile.get(file) ?? 0) + (event.data.details.duration_ms ?? 0));
  }
  if (perFile.size === 0) return;
  const root = `${process.cwd()}/`;
  yield "\nTime per test file (its top-level tests), slowest first:\n";
  for (const [file, ms] of [...perFile].sort((a, b) => b[1] - a[1])) {
    yield `${(ms / 1000).toFixed(1).padStart(8)} s  ${file.replace(root, "")}\n`;
  }
}
