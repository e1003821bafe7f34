import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { test } from "node:test";
import { promisify } from "node:util";

const run = promisify(execFile);
const moduleUrl = new URL("./log-output.ts", import.meta.url).href;

// A child process of its own: the log writes to its standard output, which the test reads.
async function childOutput(script: string): Promise<string> {
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script]);
  return stdout;
}

test("lines still waiting when the process exits are written, in order", async () => {
  const stdout = await childOutput(`
    import { standardOutputLog } from ${JSON.stringify(moduleUrl)};
    const log = standardOutputLog();
    for (let i = 1; i <= 3; i++) log.write(JSON.stringify({ line: i }) + "\\n");
    process.exit(0);
  `);
  assert.deepEqual(
    stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line).line),
    [1, 2, 3],
  );
});

test("a line waits at most a moment: written while the process keeps running", async () => {
  const stdout = await childOutput(`
    import { standardOutputLog } from ${JSON.stringify(moduleUrl)};
    import { writeSync } from "node:fs";
    standardOutputLog().write("first\\n");
    // Still running a second later; the marker goes straight to the output, past the log.
    setTimeout(() => { writeSync(1, "marker\\n"); process.exit(0); }, 1000);
  `);
  assert.deepEqual(stdout.trim().split("\n"), ["first", "marker"]);
});
