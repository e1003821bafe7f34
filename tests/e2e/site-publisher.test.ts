// The publisher over the build (decision 0048): a news edition changing one of many announcements
// renders the lists and that announcement's page only, the others kept byte for byte; a publish
// gives the event loop back between its pages; its pages are served at once with quick variants,
// and the strongest compression follows for the bytes still served. Needs `npm run build`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { siteContentDefaults } from "../../content/site-content-defaults.ts";
import type { NewsContent } from "../../domain/site-content/news-content.ts";
import { createPageRenderer } from "../../server/pages/page-renderer.ts";
import { brotliOf } from "../../server/site/compressed-variants.ts";
import { createSitePublisher, PageNotRendered } from "../../server/site-content/site-publisher.ts";
import { liveSiteOverTheBuild } from "../support/live-site-over-the-build.ts";
import { staffPageHandler } from "../support/staff-test-app.ts";

async function publisherOverTheBuild() {
  const live = await liveSiteOverTheBuild();
  const render = createPageRenderer(await staffPageHandler());
  const rendered: string[] = [];
  /** A page whose rendering fails (as a renderer's defect would make it). */
  const failing = new Set<string>();
  const publisher = createSitePublisher({
    render: (path, content) => {
      rendered.push(path);
      if (failing.has(path)) throw new Error(`${path}: the renderer failed`);
      return render(path, content);
    },
    settings: { siteUrl: "https://agrochem-kirov.ru" },
    live: () => live,
    defaults: siteContentDefaults,
  });
  let id = 0;
  const publishNews = (content: NewsContent) =>
    publisher.show({ id: ++id, page: "news", content, publishedAt: new Date().toISOString() });
  return { live, rendered, failing, publisher, publishNews };
}

const announcements = (count: number, changed?: { id: string; text: string }): NewsContent => ({
  announcements: Array.from({ length: count }, (_, index) => {
    const id = String(index + 1);
    return {
      id,
      title: `Объявление ${id}`,
      date: "2026-11-20",
      text: changed?.id === id ? changed.text : `Текст объявления ${id}.`,
    };
  }),
});

test("one announcement of twelve changed: the lists and its page are rendered, the rest kept as they were", async () => {
  const { live, rendered, publishNews } = await publisherOverTheBuild();
  await publishNews(announcements(12));
  assert.equal(rendered.length, 14, "the first edition renders /news, / and the twelve pages");
  const before = new Map(
    Array.from({ length: 12 }, (_, index) => `/news/${index + 1}`).map((path) => [
      path,
      live.file(path)?.body,
    ]),
  );
  rendered.length = 0;
  await publishNews(announcements(12, { id: "7", text: "Приём проб **продлён** до 30 ноября." }));
  assert.deepEqual(rendered.sort(), ["/", "/news", "/news/7"]);
  assert.match(live.file("/news/7")?.body.toString() ?? "", /<strong>продлён<\/strong>/);
  for (const [path, body] of before) {
    if (path === "/news/7") continue;
    assert.equal(live.file(path)?.body, body, `${path} is the same file`);
  }
  // Taken off: an announcement left out of the edition is no page any more, and none is rendered.
  rendered.length = 0;
  await publishNews(announcements(11, { id: "7", text: "Приём проб **продлён** до 30 ноября." }));
  assert.deepEqual(rendered.sort(), ["/", "/news"]);
  assert.equal(live.file("/news/12"), undefined);
});

test("a publish gives the event loop back between its pages, serves them at once, and compresses them as the build does after", async () => {
  const { live, publisher, publishNews } = await publisherOverTheBuild();
  let turns = 0;
  const counting = setInterval(() => {
    turns += 1;
  }, 0);
  try {
    await publishNews(announcements(20));
  } finally {
    clearInterval(counting);
  }
  assert.ok(turns >= 10, `timers ran ${turns} times while 22 pages were published`);
  const page = live.file("/news/3");
  assert.ok(page?.brotli && page.gzip);
  assert.ok(brotliDecompressSync(page.brotli).equals(page.body), "the quick brotli is the page");
  assert.ok(gunzipSync(page.gzip).equals(page.body));
  await publisher.compressed();
  const strongest = live.file("/news/3");
  assert.equal(strongest?.body, page.body, "the same page, the same ETag");
  assert.equal(strongest?.etag, page.etag);
  assert.ok(strongest?.brotli?.equals(brotliOf(page.body)), "brotli at the build's quality 11");
  assert.ok((strongest?.brotli?.length ?? 0) < page.brotli.length);
});

test("a page published again, or taken off, before its strongest compression: the newer bytes kept, the page left off", async () => {
  const { live, publisher, publishNews } = await publisherOverTheBuild();
  await publishNews(announcements(3));
  await publishNews(announcements(2, { id: "2", text: "Новый текст второго объявления." }));
  await publisher.compressed();
  const page = live.file("/news/2");
  assert.match(page?.body.toString() ?? "", /Новый текст второго объявления/);
  assert.ok(page?.brotli && brotliDecompressSync(page.brotli).equals(page.body));
  assert.equal(live.file("/news/3"), undefined, "the page taken off is not put back");
});

test("a publish from this server renders every page before it commits, and commits nothing that would not render", async () => {
  const { live, rendered, failing, publisher, publishNews } = await publisherOverTheBuild();
  await publishNews(announcements(3));
  const before = live.file("/news")?.body;
  const edition = {
    page: "news" as const,
    content: announcements(4, { id: "2", text: "Новый текст." }),
    publishedAt: new Date().toISOString(),
  };
  failing.add("/news/4");
  let committed = 0;
  await assert.rejects(
    publisher.publishWith(edition, async () => {
      committed += 1;
      return 99;
    }),
    (error: Error) => error instanceof PageNotRendered && error.path === "/news/4",
  );
  assert.equal(committed, 0, "nothing committed");
  assert.equal(live.file("/news")?.body, before, "nothing swapped");
  assert.equal(live.file("/news/4"), undefined);
  assert.notEqual(publisher.shownEdition("news"), 99);

  failing.clear();
  rendered.length = 0;
  let renderedAtCommit: string[] = [];
  const id = await publisher.publishWith(edition, async () => {
    renderedAtCommit = [...rendered];
    return 100;
  });
  assert.equal(id, 100);
  assert.deepEqual(
    renderedAtCommit.sort(),
    ["/", "/news", "/news/2", "/news/4"],
    "all rendered first",
  );
  assert.deepEqual(rendered.sort(), renderedAtCommit, "each page rendered once");
  assert.equal(publisher.shownEdition("news"), 100);
  assert.match(live.file("/news/2")?.body.toString() ?? "", /Новый текст\./);

  // A transaction that did not commit (changed meanwhile) leaves the site as it was.
  const kept = live.file("/news")?.body;
  const none = await publisher.publishWith(
    { ...edition, content: announcements(5) },
    async () => undefined,
  );
  assert.equal(none, undefined);
  assert.equal(live.file("/news")?.body, kept);
  assert.equal(live.file("/news/5"), undefined);
});
