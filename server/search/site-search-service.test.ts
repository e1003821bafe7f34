import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { siteContentDefaults } from "../../content/site-content-defaults.ts";
import type { SiteContent } from "../../domain/site-content/site-editions.ts";
import { createSiteSearch, type SiteSearchSources } from "./site-search-service.ts";

const page = (words: string) => `<main><h1>Вакансии</h1><p>${words}</p></main>`;

/** A site in memory as the live site serves it: a page's version is its bytes' hash (its ETag). */
function siteOf(pages: Map<string, string>): SiteSearchSources["page"] {
  return (path) => {
    const html = pages.get(path);
    if (html === undefined) return undefined;
    return { version: createHash("sha256").update(html).digest("hex"), html: () => html };
  };
}

test("a change made while the index is being built is found once the builds are done", async () => {
  const pages = new Map([["/vacancies", page("агроном")]]);
  const search = createSiteSearch({
    content: () => siteContentDefaults,
    page: siteOf(pages),
    file: async () => undefined,
  });
  const first = search.refresh();
  // The first build has begun (it reads the site on its first step): the page changes now.
  await Promise.resolve();
  pages.set("/vacancies", page("лаборант"));
  const second = search.refresh();
  assert.equal(search.refresh(), second, "a call while one waits joins it");
  await Promise.all([first, second]);
  assert.deepEqual(
    search.search("лаборант").hits.map((hit) => hit.path),
    ["/vacancies"],
  );
  assert.deepEqual(search.search("агроном").hits, []);
});

test("a document is found by its title with its file, the section is the page's menu label", async () => {
  const search = createSiteSearch({
    content: () => siteContentDefaults,
    page: () => undefined,
    file: async () => undefined,
  });
  await search.refresh();
  const [hit] = search.search("устав").hits;
  assert.deepEqual(
    { path: hit?.path, section: hit?.section, fileUrl: hit?.fileUrl },
    { path: "/documents", section: "Документы", fileUrl: "/docs/ustav.pdf" },
  );
});

test("a publish changes only what it changed: new words found, old and removed ones not, the rest kept", async () => {
  const announcement = (id: string, title: string) => ({
    id,
    title,
    date: "2026-03-02",
    text: `${title}.`,
  });
  let content: SiteContent = {
    ...siteContentDefaults,
    news: {
      ...siteContentDefaults.news,
      announcements: [
        announcement("1", "Субботник у лаборатории"),
        announcement("2", "Семинар агрохимиков"),
      ],
    },
  };
  const pages = new Map([
    ["/vacancies", page("агроном")],
    ["/news/1", page("субботник у лаборатории")],
    ["/news/2", page("семинар агрохимиков")],
  ]);
  const filesRead: string[] = [];
  const unreadable: string[] = [];
  const search = createSiteSearch({
    content: () => content,
    page: siteOf(pages),
    // Every file is the same bytes, not a PDF: its text is empty, read once, kept by address.
    async file(href) {
      filesRead.push(href);
      return new TextEncoder().encode("не PDF");
    },
    onFileError: (href) => unreadable.push(href),
  });
  const first = await search.refresh();
  assert.equal(first.pagesRead, 3);
  assert.equal(first.filesRead, new Set(filesRead).size);
  assert.equal(unreadable.length, 1, "the same bytes are extracted once");
  const paths = (query: string) => search.search(query).hits.map((hit) => hit.path);
  assert.deepEqual(paths("семинар"), ["/news/2"]);

  // A publish: the vacancy's text changes, the second announcement is taken off.
  pages.set("/vacancies", page("лаборант"));
  pages.delete("/news/2");
  content = {
    ...content,
    news: { ...content.news, announcements: [announcement("1", "Субботник у лаборатории")] },
  };
  const documentsBefore = first.documents;
  filesRead.length = 0;
  const refresh = await search.refresh();
  assert.deepEqual(paths("лаборант"), ["/vacancies"]);
  assert.deepEqual(paths("агроном"), []);
  assert.deepEqual(paths("семинар"), []);
  assert.deepEqual(paths("субботник"), ["/news/1"]);
  assert.deepEqual(
    {
      whole: refresh.whole,
      pagesRead: refresh.pagesRead,
      added: refresh.added,
      replaced: refresh.replaced,
      discarded: refresh.discarded,
      documents: refresh.documents,
    },
    {
      whole: false,
      pagesRead: 1,
      added: 0,
      replaced: 1,
      discarded: 1,
      documents: documentsBefore - 1,
    },
  );
  // A file's text is kept by its address: not read again (the build's PDFs are never replaced).
  assert.deepEqual(filesRead, []);
  assert.equal(refresh.filesRead, 0);

  // Nothing changed: nothing read, nothing changed in the index.
  const idle = await search.refresh();
  assert.deepEqual([idle.pagesRead, idle.added, idle.replaced, idle.discarded], [0, 0, 0, 0]);
});

test("a whole build in steps lets requests run, and they find the old words until it is done", async () => {
  const pages = new Map([
    ["/vacancies", page("агроном")],
    ["/contacts", page("агроном")],
    ["/structure", page("агроном")],
  ]);
  // Every step one document long, a whole build past one change: many turns of the event loop.
  const search = createSiteSearch(
    { content: () => siteContentDefaults, page: siteOf(pages), file: async () => undefined },
    { inPlaceAtMost: 0, stepMs: 0 },
  );
  await search.refresh();
  for (const path of pages.keys()) pages.set(path, page("лаборант"));
  let done = false;
  const refreshing = search.refresh().then((refresh) => {
    done = true;
    return refresh;
  });
  let turns = 0;
  while (!done) {
    await new Promise((resume) => setImmediate(resume));
    if (done) break;
    turns++;
    assert.equal(search.search("агроном").hits.length, 3, `turn ${turns}: the old index answers`);
    assert.deepEqual(search.search("лаборант").hits, [], `turn ${turns}: nothing new half-built`);
  }
  assert.equal((await refreshing).whole, true);
  assert.ok(turns > 10, `the build gave the event loop back ${turns} times`);
  assert.equal(search.search("лаборант").hits.length, 3);
  assert.deepEqual(search.search("агроном").hits, []);
});

test("the editors' synonyms and best answers reach the search on a refresh, the index untouched", async () => {
  const pages = new Map([["/vacancies", page("Химик-агрохимик: заработная плата 45 000 ₽.")]]);
  let content: SiteContent = { ...siteContentDefaults, search: { synonyms: [], bestAnswers: [] } };
  const search = createSiteSearch({
    content: () => content,
    page: siteOf(pages),
    file: async () => undefined,
  });
  await search.refresh();
  const paths = (query: string) => search.search(query).hits.map((hit) => hit.path);
  assert.deepEqual(paths("зарплата"), []);
  // A publish of the «search» page only: its content changes, no page does.
  content = {
    ...content,
    search: {
      synonyms: [{ id: "z", words: "зарплата", means: "заработная плата", bothWays: false }],
      bestAnswers: [{ id: "v", query: "работа", path: "/vacancies" }],
    },
  };
  assert.deepEqual(paths("зарплата"), [], "not before the refresh");
  const refresh = await search.refresh();
  assert.deepEqual(
    [refresh.whole, refresh.pagesRead, refresh.added, refresh.replaced, refresh.discarded],
    [false, 0, 0, 0, 0],
    "the index is not rebuilt, nor a page read",
  );
  assert.deepEqual(paths("зарплата"), ["/vacancies"]);
  assert.deepEqual(
    search
      .search("Работы")
      .hits.slice(0, 1)
      .map((hit) => [hit.path, hit.bestAnswer]),
    [["/vacancies", true]],
  );
});
