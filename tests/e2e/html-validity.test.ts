// Every prerendered page is valid HTML by the W3C Nu checker (tests/e2e/html-checker.ts).
import assert from "node:assert/strict";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { prerenderedPaths } from "../../content/site-pages.ts";
import { siteDir } from "./harness.ts";
import { htmlCheckerErrors } from "./html-checker.ts";

test("every prerendered page passes the W3C HTML checker with no errors", async () => {
  const entries = await readdir(siteDir, { recursive: true, withFileTypes: true });
  const pages = entries
    .filter((entry) => entry.isFile() && entry.name === "index.html")
    .map((entry) => join(entry.parentPath, entry.name));
  assert.equal(pages.length, prerenderedPaths.length, "every page and the 404 page");
  const messages = await htmlCheckerErrors(pages);
  assert.deepEqual(
    messages.map((message) => `${message.url.replace(/^.*build\/client/, "")}: ${message.message}`),
    [],
  );
});
