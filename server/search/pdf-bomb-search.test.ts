// A PDF bomb in the search (issue 40, item 3): a 300 KB PDF whose one stream inflates to 300 MiB
// of spaces took a server from 241 to 896 MB, where it stayed, and stalled its event loop for
// seconds. Read now on a worker thread under a memory and a CPU budget: this process's memory
// stays near where it was, the document is found by its title only, and the operators are told.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { siteContentDefaults } from "../../content/site-content-defaults.ts";
import { pdfBomb } from "../../tests/support/pdf-bomb.ts";
import { createSiteSearch } from "./site-search-service.ts";

const megabyte = 1024 * 1024;

test("a PDF bomb is found by its title only, and the process's memory stays near where it was", async () => {
  const bomb = pdfBomb(300, "Bombword");
  const overBudget: string[] = [];
  const search = createSiteSearch({
    content: () => siteContentDefaults,
    page: () => undefined,
    // The statute /documents links is the bomb here.
    file: async (href) => (href === "/docs/ustav.pdf" ? bomb : undefined),
    onFileOverBudget: (href, reason) => overBudget.push(`${href} ${reason}`),
  } as Parameters<typeof createSiteSearch>[0]);
  const before = process.memoryUsage.rss();
  // The longest the event loop waited meanwhile: printed, not judged (a busy core lengthens it).
  let last = performance.now();
  let longest = 0;
  const ticks = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  await search.refresh();
  clearInterval(ticks);
  const grown = (process.memoryUsage.rss() - before) / megabyte;
  console.log(
    `# rss grew ${grown.toFixed(0)} MB; the event loop waited ${longest.toFixed(0)} ms at most`,
  );
  assert.ok(grown < 200, `the process grew by ${grown.toFixed(0)} MB`);
  assert.deepEqual(overBudget, ["/docs/ustav.pdf memory"]);
  assert.ok(
    search.search("устав").hits.some((hit) => hit.fileUrl === "/docs/ustav.pdf"),
    "found by its title",
  );
  assert.deepEqual(search.search("bombword").hits, [], "its text is not read");
});

test("a good PDF is read whole as before", async () => {
  const bytes = await readFile("build/client/docs/ustav.pdf");
  const search = createSiteSearch({
    content: () => siteContentDefaults,
    page: () => undefined,
    file: async (href) => (href === "/docs/ustav.pdf" ? bytes : undefined),
  });
  await search.refresh();
  assert.ok(search.search("образец").hits.some((hit) => hit.fileUrl === "/docs/ustav.pdf"));
});
