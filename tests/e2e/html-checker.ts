// The W3C Nu HTML checker (vnu-jar, run with Java) over HTML files: its errors, or a failure when
// it wrote no report (a wrong jar path, a Java that starts but fails must fail, not pass).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";

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

/** The checker's errors in these files (none: an empty list). */
export async function htmlCheckerErrors(files: readonly string[]): Promise<VnuMessage[]> {
  // vnu exits 1 when it finds errors; its JSON report on stderr is what counts.
  const result = await run(
    "java",
    [
      "-jar",
      "node_modules/vnu-jar/build/dist/vnu.jar",
      "--errors-only",
      "--format",
      "json",
      ...files,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: { stderr?: string; code?: unknown }) => {
    if (typeof error.stderr !== "string" || !error.stderr.startsWith("{")) throw error;
    return { stderr: error.stderr };
  });
  return parseReport(result.stderr).messages;
}
