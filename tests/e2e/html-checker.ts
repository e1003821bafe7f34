// The W3C Nu HTML checker (vnu-jar, run with Java) over HTML files: its errors, or a failure when
// it wrote no report (a wrong jar path, a Java that starts but fails must fail, not pass). In the
// test runner the checker runs as one service for all files (HTML_CHECKER_URL,
// tests/support/html-checker-service.ts); a file run on its own starts the jar's command line.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { htmlCheckerVariable, vnuJar } from "../support/html-checker-service.ts";

const run = promisify(execFile);

type VnuMessage = { type: string; url: string; message: string; extract?: string };

function parseReport(text: string): { version: string; messages: VnuMessage[] } {
  let report: unknown;
  try {
    report = JSON.parse(text);
  } catch {
    assert.fail(`the HTML checker wrote no JSON report: ${JSON.stringify(text.slice(0, 300))}`);
  }
  assert.ok(
    typeof report === "object" &&
      report !== null &&
      "version" in report &&
      "messages" in report &&
      Array.isArray(report.messages),
    `not a checker report: ${text.slice(0, 300)}`,
  );
  return report as { version: string; messages: VnuMessage[] };
}

/** The checker's errors in these files (none: an empty list). */
export async function htmlCheckerErrors(files: readonly string[]): Promise<VnuMessage[]> {
  const service = process.env[htmlCheckerVariable];
  return service ? serviceErrors(service, files) : commandLineErrors(files);
}

async function commandLineErrors(files: readonly string[]): Promise<VnuMessage[]> {
  // vnu exits 1 when it finds errors; its JSON report on stderr is what counts.
  const result = await run(
    "java",
    ["-jar", vnuJar, "--errors-only", "--format", "json", ...files],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  ).catch((error: { stderr?: string; code?: unknown }) => {
    if (typeof error.stderr !== "string" || !error.stderr.startsWith("{")) throw error;
    return { stderr: error.stderr };
  });
  return parseReport(result.stderr).messages;
}

/**
 * The same check through the service: each file posted as HTML, the errors kept (the command
 * line's --errors-only), a message about the check itself ("non-document-error") too, each named
 * by its file as the command line names it.
 */
async function serviceErrors(service: string, files: readonly string[]): Promise<VnuMessage[]> {
  const found: VnuMessage[] = [];
  for (const file of files) {
    const body = await readFile(file, "utf8");
    const text = await postWhenReady(`${service}?out=json`, body);
    for (const message of parseReport(text).messages) {
      if (message.type === "error" || message.type === "non-document-error") {
        found.push({ ...message, url: `file:${file}` });
      }
    }
  }
  return found;
}

/** The service reads the HTML spec for ~15-25 s after it starts: a refused connection waits. */
async function postWhenReady(url: string, body: string): Promise<string> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "text/html; charset=utf-8" },
        body,
      });
      const text = await response.text();
      assert.equal(response.status, 200, `the HTML checker answered ${response.status}: ${text}`);
      return text;
    } catch (error) {
      const refused = (error as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED";
      if (!refused || Date.now() > deadline) throw error;
      await sleep(500);
    }
  }
}
