/**
 * Puts a published edition on the site this server serves: the page rendered with the build's
 * components (page-renderer.ts), the build's post-processing (the settings written in, no script
 * but the build's own, the inline blocks hashed for the page's policy, brotli and gzip, a new
 * ETag), then swapped into the in-memory site in one assignment, with the page's data file and
 * sitemap.xml's lastmod. A content piece shown on several pages (editablePages' `shownOn`: the
 * footer's contacts are on every page) re-renders each of them, every one with all the content
 * shown now; all are rendered before any is swapped. Work is done one edition at a time, in
 * order: two publishes cannot finish in the wrong order.
 */
import { prerenderedPaths, sitePages } from "../../content/site-pages.ts";
import {
  type EditablePage,
  editablePages,
  type SiteContent,
} from "../../domain/site-content/site-editions.ts";
import { inlineSources } from "../http/content-security-policy.ts";
import { appealIslandOf, withAppealIsland } from "../site/appeal-island.ts";
import { etagOf, smallerVariants } from "../site/compressed-variants.ts";
import type { SiteFile } from "../site/site-files.ts";
import { personaliseHtml, type SiteSettings } from "../site/site-settings.ts";
import { sitemapXml } from "../site/sitemap.ts";

/** The in-memory site as the publisher changes it (server/site/static-site.ts). */
/**
 * Renders a public page from given content with the build's components (made by the pages' door,
 * server/pages/page-renderer.ts): its HTML and its route data.
 */
export type PageRenderer = (
  path: string,
  content: Partial<SiteContent>,
) => Promise<{ html: string; data: string; dataPath: string }>;

export type LiveSite = {
  file(path: string): SiteFile | undefined;
  replaceFile(path: string, file: SiteFile): void;
};

export type PublishedEdition<page extends EditablePage = EditablePage> = {
  id: number;
  page: page;
  content: SiteContent[page];
  publishedAt: string;
};

export function createSitePublisher(deps: {
  render: PageRenderer;
  settings: SiteSettings;
  live: () => LiveSite;
}) {
  /** The edition each page shows now (absent: the build's content). */
  const shown = new Map<EditablePage, number>();
  const lastModified = new Map<string, string>();
  let queue: Promise<unknown> = Promise.resolve();

  const fileOf = (body: Buffer, like: SiteFile, extra: Partial<SiteFile> = {}): SiteFile => ({
    body,
    ...smallerVariants(body),
    contentType: like.contentType,
    cacheControl: like.cacheControl,
    etag: etagOf(body),
    modified: new Date(),
    ...extra,
  });

  /** The page's HTML as it will be served, refused if it carries a script the build's did not. */
  async function renderPage(path: string, content: Partial<SiteContent>, like: SiteFile) {
    const rendered = await deps.render(path, content);
    // The build's own post-processing of the page: the appeal form's island on /appeals.
    const island = appealIslandOf(like.body.toString("utf8"));
    const built = island ? withAppealIsland(rendered.html, island) : rendered.html;
    const html = personaliseHtml(built, path, deps.settings);
    const inline = inlineSources(html);
    const allowed = new Set(like.inline?.scripts ?? []);
    // Data blocks are not run (the organisation's JSON-LD follows the published contacts).
    const run = inlineSources(
      html.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, ""),
    );
    if (/<script\b[^>]*\bsrc\s*=/i.test(html) || run.scripts.some((hash) => !allowed.has(hash))) {
      throw new Error(`${path} rendered with a script the built page does not have`);
    }
    return { html, inline, data: rendered.data, dataPath: rendered.dataPath };
  }

  /** The content of the editions shown now, by page (absent: the build's content). */
  const current: Partial<SiteContent> = {};

  /** The built pages that show a page's content. */
  const pagesShowing = (page: EditablePage): readonly string[] => {
    const { shownOn } = editablePages[page];
    return shownOn === "every page" ? prerenderedPaths : shownOn;
  };

  async function put(edition: PublishedEdition) {
    if (shown.get(edition.page) === edition.id) return;
    const live = deps.live();
    const content = { ...current, [edition.page]: edition.content };
    const files: [string, SiteFile][] = [];
    for (const path of pagesShowing(edition.page)) {
      const page = live.file(path);
      if (!page) throw new Error(`${path} is not a page of the built site`);
      const rendered = await renderPage(path, content, page);
      const { dataPath } = rendered;
      const dataFile = live.file(dataPath);
      // The data file first: a page never links data older than itself.
      if (dataFile) files.push([dataPath, fileOf(Buffer.from(rendered.data), dataFile)]);
      files.push([path, fileOf(Buffer.from(rendered.html), page, { inline: rendered.inline })]);
    }
    for (const [path, file] of files) live.replaceFile(path, file);
    current[edition.page] = edition.content as never;
    shown.set(edition.page, edition.id);
    const day = edition.publishedAt.slice(0, 10);
    for (const path of pagesShowing(edition.page)) lastModified.set(path, day);
    const sitemap = live.file("/sitemap.xml");
    if (sitemap) {
      const xml = sitemapXml(
        sitePages.map((site) => site.path),
        lastModified,
      );
      live.replaceFile(
        "/sitemap.xml",
        fileOf(Buffer.from(personaliseHtml(xml, "/sitemap.xml", deps.settings)), sitemap),
      );
    }
  }

  return {
    /** Shows this edition, unless it is already shown; resolves once it is served. */
    show(edition: PublishedEdition): Promise<void> {
      const done = queue.then(() => put(edition));
      queue = done.catch(() => {});
      return done;
    },

    /** The public page from content not published (a preview): its HTML, checked the same way. */
    async preview<page extends EditablePage>(page: page, content: SiteContent[page]) {
      const { path } = editablePages[page];
      const like = deps.live().file(path);
      if (!like) throw new Error(`${path} is not a page of the built site`);
      return (await renderPage(path, { ...current, [page]: content }, like)).html;
    },

    shownEdition: (page: EditablePage) => shown.get(page),

    /** The published content shown now: what the pages rendered on each request show too. */
    shownContent: (): Partial<SiteContent> => current,
  };
}

export type SitePublisher = ReturnType<typeof createSitePublisher>;
