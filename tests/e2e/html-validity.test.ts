// Every prerendered page is valid HTML by the W3C Nu checker (vnu-jar, run with Java).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";
import { siteDir } from "./harness.ts";

const run = promisify(execFile);

type VnuMessage = { type: string; url: string; message: string; extract?: string };

function parseReport(stderr: string): { version: string; messages: VnuMessage[] } {
  let report: unknown;
  try {
    report = JSON.parse(stderr);
  } catch {
    assert.fail(`the HTML checker wrote no JSON report: ${JSON.stringify(stderr.slice(0, 300))}`);
  }
  assert.ok(
    typeof report === "object" &&
      report !== null &&
      "version" in report &&
      "messages" in report &&
      Array.isArray(report.messages),
    `not a checker report: ${stderr.slice(0, 300)}`,
  );
  return report as { version: string; messages: VnuMessage[] };
}

test("every prerendered page passes the W3C HTML checker with no errors", async () => {
  const entries = await readdir(siteDir, { recursive: true, withFileTypes: true });
  const pages = entries
    .filter((entry) => entry.isFile() && entry.name === "index.html")
    .map((entry) => join(entry.parentPath, entry.name));
  assert.equal(pages.length, 11, "ten routes and the 404 page");
  // vnu exits 1 when it finds errors; its JSON report on stderr is what counts.
  const result = await run(
    "java",
    [
      "-jar",
      "node_modules/vnu-jar/build/dist/vnu.jar",
      "--errors-only",
      "--format",
      "json",
      ...pages,
    ],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  ).catch((error: { stderr?: string; code?: unknown }) => {
    if (typeof error.stderr !== "string" || !error.stderr.startsWith("{")) throw error;
    return { stderr: error.stderr };
  });
  // The checker always writes its JSON report, empty or not: no report means it did not check
  // (a wrong jar path, a Java that starts but fails), which must fail, not pass.
  const { messages } = parseReport(result.stderr);
  assert.deepEqual(
    messages.map((message) => `${message.url.replace(/^.*build\/client/, "")}: ${message.message}`),
    [],
  );
});
