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
  const { messages } = JSON.parse(result.stderr || '{"messages":[]}') as { messages: VnuMessage[] };
  assert.deepEqual(
    messages.map((message) => `${message.url.replace(/^.*build\/client/, "")}: ${message.message}`),
    [],
  );
});
