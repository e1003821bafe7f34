/**
 * The site's search on this server (issue 29, decision 0043): an index of what the site serves
 * now — every public page's text as served (the build's pages with the published editions
 * rendered in, the published announcements' pages), the documents' and blank forms' titles and
 * their PDFs' text — brought up to date after every publish this server shows (its own, or
 * another server's heard by LISTEN/NOTIFY), off the request path: only the documents that changed
 * are replaced, added or discarded, at once; a page whose HTML is unchanged is not read again, nor
 * a file already read (decision 0047). Drafts never reach it: only what the publisher put on the
 * site is read.
 */
import type { SearchResults } from "../../domain/search/search-port.ts";
import {
  noSearchSettings,
  type PreparedSearchSettings,
  prepareSearchSettings,
} from "../../domain/search/search-query.ts";
import type { SiteContent } from "../../domain/site-content/site-editions.ts";
import { nextTurn } from "../http/next-turn.ts";
import type { FileTextCache } from "./file-text-cache.ts";
import { pageText } from "./page-text.ts";
import { createPdfTextReader, type PdfTextReader } from "./pdf-text-reader.ts";
import { filesOf, sectionOf, servedPages } from "./served-documents.ts";
import {
  createSiteSearchIndex,
  type KeyedDocument,
  type SearchDocument,
} from "./site-search-index.ts";

export type SiteSearchSources = {
  /** The content shown now: the build's overlaid by the published editions. */
  content: () => SiteContent;
  /**
   * A page as served now, or undefined: a version that changes whenever its HTML does (the
   * served file's ETag, a hash of its bytes), and its HTML, read only when the version is new.
   */
  page: (path: string) => { version: string; html: () => string } | undefined;
  /**
   * A file's bytes (the build's or an uploaded one), or undefined. An address names the same
   * bytes for the life of the server (the build's files are never replaced, an uploaded file is
   * kept unchanged under its id: server/site-content/site-file-service.ts), so a file whose text
   * was read is not read again.
   */
  file: (href: string) => Promise<Uint8Array | undefined>;
  /** A file whose text could not be read: its address, never its content. */
  onFileError?: (href: string, error: unknown) => void;
  /** A file over the reader's budget (its memory or CPU), found by its title only. */
  onFileOverBudget?: (href: string, reason: "memory" | "cpu") => void;
  /**
   * The reader of PDFs' text (pdf-text-reader.ts), shared with the uploads that warn of a file
   * over budget; else one of the search's own over `textCache`.
   */
  pdfTexts?: PdfTextReader | undefined;
  /** Texts read by an earlier start, by the SHA-256 of the file's bytes (file-text-cache.ts). */
  textCache?: FileTextCache | undefined;
};

/** What one refresh did: for the log line and the benchmark (never a query). */
export type SearchRefresh = {
  /** Documents in the index now. */
  documents: number;
  /** Of them, added (all of them when the index was built whole), replaced; and discarded. */
  added: number;
  replaced: number;
  discarded: number;
  /** Pages whose HTML was new to the search and was read (the others' words were kept). */
  pagesRead: number;
  /** Files whose bytes were read (a file's text is kept by its address). */
  filesRead: number;
  /** Whether a new index was built whole, in steps, rather than changed in place. */
  whole: boolean;
  /** Milliseconds: reading the pages' words, the files' text, changing or building the index. */
  pagesMs: number;
  filesMs: number;
  indexMs: number;
};

type SearchSteps = {
  /**
   * More changes than this and a new index is built whole in steps (the first at start, a list
   * of a thousand documents edited), the old one answering meanwhile; fewer are made in place,
   * at once (about 20 ms for 50 by decision 0047's figures).
   */
  inPlaceAtMost: number;
  /** A step of reading the site or of a whole build: the event loop is given back after it. */
  stepMs: number;
};

const defaultSteps: SearchSteps = { inPlaceAtMost: 50, stepMs: 10 };

/** Gives the event loop back (its timers, its requests) once a step has run `stepMs`. */
function stepper(stepMs: number) {
  let stepEnds = performance.now() + stepMs;
  return {
    over: () => performance.now() >= stepEnds,
    async pause() {
      if (performance.now() < stepEnds) return;
      await nextTurn();
      stepEnds = performance.now() + stepMs;
    },
  };
}

const sameDocument = (a: SearchDocument, b: SearchDocument) =>
  a.title === b.title &&
  a.headings === b.headings &&
  a.text === b.text &&
  a.section === b.section &&
  a.path === b.path &&
  a.fileUrl === b.fileUrl;

export function createSiteSearch(sources: SiteSearchSources, steps = defaultSteps) {
  let index = createSiteSearchIndex();
  /** A PDF's text by its address (see `file`); the reader keeps it by the bytes' hash. */
  const fileTexts = new Map<string, string>();
  const pdfTexts = sources.pdfTexts ?? createPdfTextReader({ cache: sources.textCache });
  /** A page's words by its path, with the version of the HTML they were read from. */
  const pageTexts = new Map<
    string,
    { version: string; title: string; headings: string; text: string }
  >();
  /**
   * The editors' synonyms and best answers (content().search), prepared when they change: a
   * change of them alone swaps these tables, the index is not touched.
   */
  let settings: PreparedSearchSettings = noSearchSettings;
  let settingsRead: string | undefined;

  async function pdfText(href: string, counts: { filesRead: number }): Promise<string> {
    if (!/\.pdf$/i.test(href)) return "";
    const kept = fileTexts.get(href);
    if (kept !== undefined) return kept;
    const bytes = await sources.file(href);
    counts.filesRead++;
    // Not kept: a file not there now (another server's upload not yet seen) may be later.
    if (!bytes) return "";
    const read = await pdfTexts.read(bytes);
    if (read.kind === "unreadable") sources.onFileError?.(href, new Error(read.message));
    // Over budget: the document is found by its title only (issue 40).
    if (read.kind === "over-budget") sources.onFileOverBudget?.(href, read.reason);
    const text = read.kind === "text" ? read.text : "";
    fileTexts.set(href, text);
    return text;
  }

  /** A page's title and words, read again only when its HTML changed. */
  function wordsOf(path: string, counts: { pagesRead: number }) {
    const page = sources.page(path);
    if (page === undefined) return undefined;
    const kept = pageTexts.get(path);
    if (kept?.version === page.version) return kept;
    counts.pagesRead++;
    const read = { version: page.version, ...pageText(page.html()) };
    pageTexts.set(path, read);
    return read;
  }

  /**
   * Every document served now by its key: a page by its path; a document or form by its page,
   * file and title (the same three twice are numbered: both are shown, as both are listed).
   */
  async function documents(counts: {
    pagesRead: number;
    filesRead: number;
    pagesMs: number;
    filesMs: number;
  }) {
    const begun = performance.now();
    const step = stepper(steps.stepMs);
    const content = sources.content();
    const next = new Map<string, SearchDocument>();
    const paths = new Set(servedPages(content));
    for (const path of paths) {
      await step.pause();
      const words = wordsOf(path, counts);
      if (words === undefined) continue;
      next.set(`page ${path}`, {
        path,
        section: sectionOf(path),
        title: words.title,
        headings: words.headings,
        text: words.text,
      });
    }
    for (const path of pageTexts.keys()) if (!paths.has(path)) pageTexts.delete(path);
    const pagesDone = performance.now();
    counts.pagesMs = pagesDone - begun;
    for (const file of filesOf(content)) {
      await step.pause();
      const key = `file ${file.path} ${file.href} ${file.title}`;
      let numbered = key;
      for (let n = 2; next.has(numbered); n++) numbered = `${key} #${n}`;
      next.set(numbered, {
        path: file.path,
        title: file.title,
        section: sectionOf(file.path),
        text: await pdfText(file.href, counts),
        fileUrl: file.href,
      });
    }
    counts.filesMs = performance.now() - pagesDone;
    return next;
  }

  /** The synonyms' and best answers' tables of this content, prepared again only if it changed. */
  function takeSettings(content: SiteContent["search"] | undefined) {
    const read = JSON.stringify(content ?? null);
    if (read === settingsRead) return;
    settings = prepareSearchSettings(content);
    settingsRead = read;
  }

  /** Brings the index to what is served now: only what changed, or a new index built in steps. */
  async function update(): Promise<SearchRefresh> {
    const counts = { pagesRead: 0, filesRead: 0, pagesMs: 0, filesMs: 0 };
    const searchContent = sources.content().search;
    const next = await documents(counts);
    const read = performance.now();
    const added: KeyedDocument[] = [];
    const replaced: KeyedDocument[] = [];
    for (const [key, document] of next) {
      const indexed = index.get(key);
      if (indexed === undefined) added.push({ ...document, key });
      else if (!sameDocument(indexed, document)) replaced.push({ ...document, key });
    }
    const discarded = [...index.keys()].filter((key) => !next.has(key));
    const whole = added.length + replaced.length + discarded.length > steps.inPlaceAtMost;
    if (whole) {
      // The old index answers until the new one is whole; the event loop runs between steps.
      const fresh = createSiteSearchIndex();
      const all = [...next].map(([key, document]) => ({ ...document, key }));
      const step = stepper(steps.stepMs);
      for (let done = 0; done < all.length; ) {
        await step.pause();
        done += fresh.add(all.slice(done), step.over);
      }
      index = fresh;
      takeSettings(searchContent);
    } else {
      // At once: no query sees half of the change.
      index.discard(discarded);
      index.replace(replaced);
      index.add(added);
      takeSettings(searchContent);
    }
    return {
      documents: index.size,
      added: whole ? index.size : added.length,
      replaced: whole ? 0 : replaced.length,
      discarded: whole ? 0 : discarded.length,
      ...counts,
      whole,
      indexMs: performance.now() - read,
    };
  }

  let latest: Promise<unknown> = Promise.resolve();
  let pending: Promise<SearchRefresh> | undefined;

  return {
    search: (query: string): SearchResults => index.search(query, { settings }),

    /**
     * Brings the index to what is served now; a call while one is waiting joins it, a call while
     * one runs waits for it and refreshes again (it may have read the site before the change).
     * Resolves once the new state answers, with what was done.
     */
    refresh(): Promise<SearchRefresh> {
      if (pending) return pending;
      const next = latest.then(() => {
        pending = undefined;
        return update();
      });
      pending = next;
      latest = next.catch(() => {});
      return next;
    },

    size: () => index.size,
  };
}
