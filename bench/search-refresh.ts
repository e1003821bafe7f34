// What bringing the search's index up to date costs, in this process, over the pages and files a
// running server serves (bench/search-page.ts, decision 0047): the whole build as every publish
// ran it before (each page's words read again, each file's bytes hashed, the index built at
// once), the service's first build (whole, in steps of about 10 ms), and the service after one
// publish of an announcement and one of a document's title (only what changed). For each: its
// time and the event loop's longest block meanwhile (perf_hooks' monitorEventLoopDelay), which
// every request on the server waits out. Prints figures, fails nothing.
import { createHash } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { SiteContent } from "../domain/site-content/site-editions.ts";
import { pageText } from "../server/search/page-text.ts";
import { servedPages } from "../server/search/served-documents.ts";
import { buildSiteSearchIndex, type SearchDocument } from "../server/search/site-search-index.ts";
import { createSiteSearch } from "../server/search/site-search-service.ts";
import { smallerVariants } from "../server/site/compressed-variants.ts";

/** The work's time, and the longest the event loop waited while it ran. */
async function measured<value>(work: () => Promise<value> | value) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  // The histogram's timer running first: a block from the work's first step is recorded too.
  await new Promise((done) => setTimeout(done, 20));
  delay.reset();
  // Not in the timers' phase: a block begun there, right after a timer, goes unrecorded.
  await new Promise((done) => setImmediate(done));
  const begun = performance.now();
  const result = await work();
  const ms = performance.now() - begun;
  // The timer that was held up by the last block is recorded once it runs.
  await new Promise((done) => setTimeout(done, 20));
  delay.disable();
  return { result, ms, block: delay.max / 1e6 };
}

const fixed = (value: number) => `${value.toFixed(0)} ms`;

export async function measureRefresh(base: string, shown: SiteContent) {
  // The site as the server serves it: each page's bytes and ETag, each file's bytes.
  const pages = new Map<string, { body: Buffer; etag: string }>();
  for (const path of servedPages(shown)) {
    const response = await fetch(`${base}${path}`);
    if (response.status !== 200) continue;
    const body = Buffer.from(await response.arrayBuffer());
    pages.set(path, { body, etag: response.headers.get("etag") ?? "" });
  }
  const hrefs = new Set([
    ...shown.documents.groups.flatMap((group) => group.documents.map((d) => d.href)),
    ...shown.applications.groups.flatMap((group) => group.forms.map((form) => form.pdfHref)),
  ]);
  const files = new Map<string, Buffer>();
  for (const href of hrefs) {
    const response = await fetch(`${base}${href}`);
    if (response.status === 200) files.set(href, Buffer.from(await response.arrayBuffer()));
  }
  let content = shown;
  const search = createSiteSearch({
    content: () => content,
    page(path) {
      const page = pages.get(path);
      return page && { version: page.etag, html: () => page.body.toString("utf8") };
    },
    file: async (href) => files.get(href),
  });
  const first = await measured(() => search.refresh());
  const listed = [
    ...content.documents.groups.flatMap((group) => group.documents),
    ...content.applications.groups.flatMap((group) => group.forms),
  ];
  console.log(
    `index of ${first.result.documents} documents (${pages.size} pages, ${listed.length} documents and forms, ${files.size} distinct files):`,
  );

  // Before: every publish read every page's words again, hashed every file, built at once (the
  // files' text was kept by the bytes' hash, as now: extracted here the same way, beforehand).
  const { extractText, getDocumentProxy } = await import("unpdf");
  const texts = new Map<string, string>();
  for (const [href, bytes] of files) {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    texts.set(href, (await extractText(pdf, { mergePages: true })).text);
  }
  const before = await measured(() => {
    const documents: SearchDocument[] = [];
    for (const [path, page] of pages) {
      documents.push({ path, section: "", ...pageText(page.body.toString("utf8")) });
    }
    for (const file of listed) {
      const href = "href" in file ? file.href : file.pdfHref;
      const bytes = files.get(href);
      if (bytes) createHash("sha256").update(bytes).digest("hex");
      const path = "href" in file ? "/documents" : "/applications";
      documents.push({ path, section: "", title: file.title, text: texts.get(href) ?? "" });
    }
    return buildSiteSearchIndex(documents);
  });
  console.log(
    `  before (every publish): the whole build at once  ${fixed(before.ms)}, event loop's longest block ${fixed(before.block)}`,
  );
  console.log(
    `  the first build (at start), whole in steps  ${fixed(first.ms)}, longest block ${fixed(first.block)} (pages ${fixed(first.result.pagesMs)}, files ${fixed(first.result.filesMs)} with ${first.result.filesRead} read and extracted, index ${fixed(first.result.indexMs)})`,
  );

  // One announcement published again with a new word: its page and the news list change.
  for (const path of ["/news/1", "/news"]) {
    const page = pages.get(path);
    if (!page) throw new Error(`${path} is not served`);
    const body = Buffer.from(
      page.body.toString("utf8").replace("</main>", "<p>Дегустационный семинар.</p></main>"),
    );
    pages.set(path, { body, etag: createHash("sha256").update(body).digest("base64url") });
  }
  const announcement = await measured(() => search.refresh());
  if (!search.search("дегустационный").hits.some((hit) => hit.path === "/news/1")) {
    throw new Error("the published announcement's new word is not found");
  }
  const report = (what: string, done: typeof announcement) =>
    console.log(
      `  ${what}  ${fixed(done.ms)}, longest block ${fixed(done.block)} (${done.result.pagesRead} pages read; ${done.result.added} added, ${done.result.replaced} replaced, ${done.result.discarded} discarded)`,
    );
  report("after one announcement's publish", announcement);

  // One document renamed: its old title answers no more, its new one does.
  const [group, ...groups] = content.documents.groups;
  if (!group) throw new Error("no documents");
  const [renamed, ...rest] = group.documents;
  if (!renamed) throw new Error("no documents");
  content = {
    ...content,
    documents: {
      ...content.documents,
      groups: [
        {
          ...group,
          documents: [{ ...renamed, title: "Положение о дегустационной комиссии" }, ...rest],
        },
        ...groups,
      ],
    },
  };
  const document = await measured(() => search.refresh());
  if (!search.search("дегустационной комиссии").hits.some((hit) => hit.path === "/documents")) {
    throw new Error("the renamed document is not found");
  }
  report("after one document's title published", document);

  // What the publisher does with each page it shows (at start too), beside rendering it.
  const compressed = await measured(() => {
    for (const page of pages.values()) smallerVariants(page.body);
  });
  console.log(
    `  the publisher's brotli (quality 11) and gzip of the ${pages.size} pages (its work at start, beside rendering them)  ${fixed(compressed.ms)}`,
  );
}
