import assert from "node:assert/strict";
import { test } from "node:test";
import { siteContentDefaults } from "../../content/site-content-defaults.ts";
import { createSiteSearch } from "./site-search-service.ts";

const page = (words: string) => `<main><h1>Вакансии</h1><p>${words}</p></main>`;

test("a change made while the index is being built is found once the builds are done", async () => {
  let html = page("агроном");
  const search = createSiteSearch({
    content: () => siteContentDefaults,
    html: (path) => (path === "/vacancies" ? html : undefined),
    file: async () => undefined,
  });
  const first = search.refresh();
  // The first build has begun (it reads the site on its first step): the page changes now.
  await Promise.resolve();
  html = page("лаборант");
  const second = search.refresh();
  assert.equal(search.refresh(), second, "a call while one waits joins it");
  await Promise.all([first, second]);
  assert.deepEqual(
    search.search("лаборант").map((hit) => hit.path),
    ["/vacancies"],
  );
  assert.deepEqual(search.search("агроном"), []);
});

test("a document is found by its title with its file, the section is the page's menu label", async () => {
  const search = createSiteSearch({
    content: () => siteContentDefaults,
    html: () => undefined,
    file: async () => undefined,
  });
  await search.refresh();
  const [hit] = search.search("устав");
  assert.deepEqual(
    { path: hit?.path, section: hit?.section, fileUrl: hit?.fileUrl },
    { path: "/documents", section: "Документы", fileUrl: "/docs/ustav.pdf" },
  );
});
