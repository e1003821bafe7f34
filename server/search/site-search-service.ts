/**
 * The site's search on this server (issue 29, decision 0043): an index of what the site serves
 * now — every public page's text as served (the build's pages with the published editions
 * rendered in, the published announcements' pages), the documents' and blank forms' titles and
 * their PDFs' text — rebuilt whole after every publish this server shows (its own, or another
 * server's heard by LISTEN/NOTIFY), off the request path: the old index answers meanwhile.
 * Drafts never reach it: only what the publisher put on the site is read.
 */
import { createHash } from "node:crypto";
import { notFoundPath, prerenderedPaths, sitePages } from "../../content/site-pages.ts";
import type { SearchHit } from "../../domain/search/search-port.ts";
import { newsPath } from "../../domain/site-content/news-content.ts";
import {
  type EditablePage,
  editablePages,
  type SiteContent,
} from "../../domain/site-content/site-editions.ts";
import { pageText } from "./page-text.ts";
import { buildSiteSearchIndex, type SearchDocument } from "./site-search-index.ts";

export type SiteSearchSources = {
  /** The content shown now: the build's overlaid by the published editions. */
  content: () => SiteContent;
  /** A page's HTML as served now, or undefined. */
  html: (path: string) => string | undefined;
  /** A file's bytes (the build's or an uploaded one), or undefined. */
  file: (href: string) => Promise<Uint8Array | undefined>;
  /** A file whose text could not be read: its address, never its content. */
  onFileError?: (href: string, error: unknown) => void;
};

const sectionOf = (path: string): string => {
  const page =
    sitePages.find((site) => site.path === path) ??
    (path.startsWith(`${newsPath}/`)
      ? sitePages.find((site) => site.path === newsPath)
      : undefined);
  return page?.navLabel ?? "";
};

/** Every public page served now: the built ones and the published content's own pages. */
export function servedPages(content: SiteContent): string[] {
  const own = (Object.keys(editablePages) as EditablePage[]).flatMap(
    (page) => editablePages[page].ownPages?.(content[page] as never) ?? [],
  );
  return [...prerenderedPaths.filter((path) => path !== notFoundPath), ...own];
}

/** The documents and blank forms shown now, each with the file whose text is searched. */
function filesOf(content: SiteContent) {
  const documents = content.documents.groups.flatMap((group) =>
    group.documents.map((document) => ({
      path: "/documents",
      title: document.title,
      href: document.href,
    })),
  );
  const forms = content.applications.groups.flatMap((group) =>
    group.forms.map((form) => ({ path: "/applications", title: form.title, href: form.pdfHref })),
  );
  return [...documents, ...forms];
}

export function createSiteSearch(sources: SiteSearchSources) {
  let index = buildSiteSearchIndex([]);
  /** A PDF's text by the SHA-256 of its bytes: a file is read once per server. */
  const pdfTexts = new Map<string, string>();
  let extract: ((bytes: Uint8Array) => Promise<string>) | undefined;

  async function pdfText(href: string): Promise<string> {
    if (!/\.pdf$/i.test(href)) return "";
    const bytes = await sources.file(href);
    if (!bytes) return "";
    const hash = createHash("sha256").update(bytes).digest("hex");
    const known = pdfTexts.get(hash);
    if (known !== undefined) return known;
    if (!extract) {
      const { extractText, getDocumentProxy } = await import("unpdf");
      extract = async (data) =>
        (await extractText(await getDocumentProxy(new Uint8Array(data)), { mergePages: true }))
          .text;
    }
    let text = "";
    try {
      text = await extract(bytes);
    } catch (error) {
      sources.onFileError?.(href, error);
    }
    pdfTexts.set(hash, text);
    return text;
  }

  async function documents(): Promise<SearchDocument[]> {
    const content = sources.content();
    const pages: SearchDocument[] = [];
    for (const path of servedPages(content)) {
      const html = sources.html(path);
      if (html === undefined) continue;
      pages.push({ path, section: sectionOf(path), ...pageText(html) });
    }
    const files: SearchDocument[] = [];
    for (const file of filesOf(content)) {
      files.push({
        path: file.path,
        title: file.title,
        section: sectionOf(file.path),
        text: await pdfText(file.href),
        fileUrl: file.href,
      });
    }
    return [...pages, ...files];
  }

  let latest: Promise<void> = Promise.resolve();
  let pending: Promise<void> | undefined;

  return {
    search: (query: string): readonly SearchHit[] => index.search(query),

    /**
     * Builds the index again from what is served now; a call while one is waiting joins it, a
     * call while one runs waits for it and builds again (it may have read the site before the
     * change). Resolves once the new index answers.
     */
    refresh(): Promise<void> {
      if (pending) return pending;
      const next = latest.then(async () => {
        pending = undefined;
        index = buildSiteSearchIndex(await documents());
      });
      pending = next;
      latest = next.catch(() => {});
      return next;
    },

    size: () => index.size,
  };
}

export type SiteSearch = ReturnType<typeof createSiteSearch>;
