// `npm test` says at once what the machine lacks (issue 27): the check it runs first, run as
// `npm test` runs it, with a browser and a database that are not there.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { test } from "node:test";
import { promisify } from "node:util";
import { freePort } from "./server-process.ts";

const run = promisify(execFile);

test("a missing Chromium and PostgreSQL are named, with the one command that installs them", async () => {
  // A port nothing listens on: nothing answers there.
  const closedPort = await freePort();
  const outcome = await run(process.execPath, ["tests/support/prerequisites.ts"], {
    env: {
      ...process.env,
      CHROMIUM_PATH: "/nonexistent",
      TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/test`,
    },
  }).then(
    () => ({ code: 0, stderr: "" }),
    (error: { code: number; stderr: string }) => error,
  );
  assert.equal(outcome.code, 1);
  const lines = outcome.stderr.trim().split("\n");
  assert.match(lines[0] ?? "", /^npm test cannot run on this machine: missing$/);
  assert.ok(
    lines.some((line) => /^ {2}- Chromium .*\/nonexistent/.test(line)),
    outcome.stderr,
  );
  assert.ok(
    lines.some((line) => line.startsWith(`  - PostgreSQL at 127.0.0.1:${closedPort}/test`)),
    outcome.stderr,
  );
  assert.match(
    lines.at(-1) ?? "",
    /^Install as root: apt-get update && apt-get install -y chromium( \S+)* postgresql$/,
  );
});
