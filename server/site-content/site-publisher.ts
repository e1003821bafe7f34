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
import { isDeepStrictEqual } from "node:util";
import { prerenderedPaths, sitePages } from "../../content/site-pages.ts";
import {
  type EditablePage,
  editablePages,
  type SiteContent,
} from "../../domain/site-content/site-editions.ts";
import { nextTurn } from "../http/next-turn.ts";
import type { SiteFile } from "../site/site-files.ts";
import { personaliseHtml, type SiteSettings } from "../site/site-settings.ts";
import { sitemapXml } from "../site/sitemap.ts";
import { createPageFiles, type PageRenderer } from "./page-files.ts";
import { createVariantRefiner } from "./variant-refiner.ts";

/** A page that would not render from an edition: nothing of the edition is put on the site. */
export class PageNotRendered extends Error {
  readonly path: string;
  readonly reason: unknown;
  constructor(path: string, reason: unknown) {
    super(`${path} would not render: ${(reason as Error)?.message ?? String(reason)}`);
    this.path = path;
    this.reason = reason;
  }
}

/** The in-memory site as the publisher changes it (server/site/static-site.ts). */
export type LiveSite = {
  file(path: string): SiteFile | undefined;
  replaceFile(path: string, file: SiteFile): void;
  /** A page the build did not have (an announcement's), served from now on. */
  addFile(path: string, file: SiteFile): void;
  /** A page taken off the site: 404 from now on. */
  removeFile(path: string): void;
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
  /** The build's content: which pages of their own (announcements') the built site has. */
  defaults: SiteContent;
  /**
   * A file made from a page's content, not a page (the news feed), by its path, as parts of its
   * text: made in steps when it is large, the event loop served between them (news-feed.ts).
   */
  feed?: (path: string, content: SiteContent, publishedAt: string) => Promise<string[]>;
  /** Told after an edition is put on the site (the search reads the site again). */
  onShown?: () => void;
}) {
  /** The edition each page shows now (absent: the build's content). */
  const shown = new Map<EditablePage, number>();
  const lastModified = new Map<string, string>();
  let queue: Promise<unknown> = Promise.resolve();

  const refiner = createVariantRefiner(deps.live);

  const { fileOf, bodyInSteps, renderPage } = createPageFiles(deps);

  /** The content of the editions shown now, by page (absent: the build's content). */
  const current: Partial<SiteContent> = {};

  /** The content shown now of every page: the published, or the build's. */
  const shownNow = (): SiteContent => ({ ...deps.defaults, ...current });

  /** A page's own pages (an announcement's) for this content of it. */
  const ownPagesOf = <page extends EditablePage>(page: page, content: SiteContent[page]) =>
    editablePages[page].ownPages?.(content) ?? [];

  /** Every page of the site now: the built ones and every page of content's own shown. */
  const everyPage = (): string[] => [
    ...prerenderedPaths,
    ...(Object.keys(editablePages) as EditablePage[]).flatMap((page) =>
      ownPagesOf(page, shownNow()[page]),
    ),
  ];

  /** The pages that show a page's content (its own pages are added by `put`). */
  const pagesShowing = (page: EditablePage): readonly string[] => {
    const { shownOn } = editablePages[page];
    return shownOn === "every page" ? everyPage() : shownOn;
  };

  /** A new page looks like its list page: the same headers, the same inline scripts allowed. */
  const likeOf = (live: LiveSite, page: EditablePage, path: string) =>
    live.file(path) ?? live.file(editablePages[page].path);

  /**
   * Every page an edition changes, rendered and checked, nothing put on the site yet: a page
   * that will not render throws `PageNotRendered` here, before anything is swapped (or, for a
   * publish from this server, committed: `publishWith`).
   */
  async function prepare(edition: Omit<PublishedEdition, "id">) {
    const live = deps.live();
    const content = { ...current, [edition.page]: edition.content };
    const ownBefore = ownPagesOf(edition.page, shownNow()[edition.page]);
    const ownAfter = ownPagesOf(edition.page, edition.content);
    // A page of the content's own that was shown and shows the same item needs no new render:
    // the rest of what it shows (the footer's contacts) is another page's content.
    const before = shownNow()[edition.page];
    const sameItem = (path: string) => {
      const itemOf = editablePages[edition.page].ownPageItem as
        | ((content: SiteContent[EditablePage], path: string) => unknown)
        | undefined;
      return (
        itemOf !== undefined &&
        ownBefore.includes(path) &&
        live.file(path) !== undefined &&
        isDeepStrictEqual(itemOf(before, path), itemOf(edition.content, path))
      );
    };
    const touched = [
      ...new Set([...pagesShowing(edition.page), ...ownAfter.filter((path) => !sameItem(path))]),
    ];
    const files: [string, SiteFile][] = [];
    for (const path of touched) {
      const page = likeOf(live, edition.page, path);
      if (!page) throw new Error(`${path} is not a page of the built site`);
      const rendered = await renderPage(path, content, page).catch((error: unknown) => {
        throw new PageNotRendered(path, error);
      });
      const { dataPath } = rendered;
      const dataFile = live.file(dataPath) ?? live.file(`${editablePages[edition.page].path}.data`);
      // The data file first: a page never links data older than itself.
      if (dataFile) files.push([dataPath, await fileOf(Buffer.from(rendered.data), dataFile)]);
      const html = Buffer.from(rendered.html);
      files.push([path, await fileOf(html, page, { inline: rendered.inline })]);
      // Requests are answered between pages: a publish of many pages never holds the server.
      await nextTurn();
    }
    for (const path of editablePages[edition.page].feeds ?? []) {
      const feed = live.file(path);
      if (!feed || !deps.feed) continue;
      const parts = await deps.feed(path, { ...shownNow(), ...content }, edition.publishedAt);
      files.push([path, await fileOf(await bodyInSteps(parts, path), feed)]);
    }
    return { edition, live, files, ownBefore, ownAfter, touched };
  }

  /** Puts prepared pages on the site, in one turn: the edition is shown from now on. */
  async function apply(prepared: Awaited<ReturnType<typeof prepare>>, id: number): Promise<void> {
    const { edition, live, files, ownBefore, ownAfter, touched } = prepared;
    for (const [path, file] of files) {
      if (live.file(path)) live.replaceFile(path, file);
      else live.addFile(path, file);
      refiner.refine(path, file);
    }
    // Pages of content no longer published: 404 from now on, their data with them.
    for (const path of ownBefore.filter((path) => !ownAfter.includes(path))) {
      live.removeFile(path);
      live.removeFile(`${path}.data`);
      lastModified.delete(path);
    }
    current[edition.page] = edition.content as never;
    shown.set(edition.page, id);
    const day = edition.publishedAt.slice(0, 10);
    for (const path of touched) lastModified.set(path, day);
    const sitemap = live.file("/sitemap.xml");
    if (sitemap) {
      const own = (Object.keys(editablePages) as EditablePage[]).flatMap((page) =>
        ownPagesOf(page, shownNow()[page]),
      );
      const xml = sitemapXml([...sitePages.map((site) => site.path), ...own], lastModified);
      const file = await fileOf(
        Buffer.from(personaliseHtml(xml, "/sitemap.xml", deps.settings)),
        sitemap,
      );
      live.replaceFile("/sitemap.xml", file);
      refiner.refine("/sitemap.xml", file);
    }
  }

  /** Puts the edition on the site; false when it is shown already (nothing changed). */
  async function put(edition: PublishedEdition): Promise<boolean> {
    if (shown.get(edition.page) === edition.id) return false;
    await apply(await prepare(edition), edition.id);
    return true;
  }

  /** In the publisher's queue, in order with every other edition shown here. */
  function queued<result>(work: () => Promise<result>, changed: (result: result) => boolean) {
    const running = queue.then(work);
    queue = running.catch(() => {});
    // Told only of a change: a server hears its own publish's notice too (decision 0030).
    void running.then((result) => changed(result) && deps.onShown?.()).catch(() => {});
    return running;
  }

  return {
    /** Shows this edition, unless it is already shown; resolves once it is served. */
    show(edition: PublishedEdition): Promise<void> {
      return queued(
        () => put(edition),
        (changed) => changed,
      ).then(() => {});
    },

    /**
     * A publish from this server: the edition's pages rendered first, then `commit` (the store's
     * transaction: the edition's id, or undefined when it did not commit), then the pages put on
     * the site. Nothing is committed that would not render (`PageNotRendered`), each page is
     * rendered once, and no other edition is shown in between (issue 40).
     */
    publishWith(
      edition: Omit<PublishedEdition, "id">,
      commit: () => Promise<number | undefined>,
    ): Promise<number | undefined> {
      return queued(
        async () => {
          const prepared = await prepare(edition);
          // The commit in a turn of its own too: the last page's or the feed's finishing (a 4 MB
          // feed's ETag, 10–15 ms) ran in the commit's turn.
          await nextTurn();
          const id = await commit();
          if (id === undefined) return id;
          // The swap in a turn of its own: the commit's turn writes the whole edition (a 4 MB one
          // 20–60 ms on SQLite), and the two together held the event loop past 100 ms (issue 40).
          await nextTurn();
          await apply(prepared, id);
          return id;
        },
        (id) => id !== undefined,
      );
    },

    /**
     * The public page from content not published (a preview): its HTML, checked the same way.
     * `own`: one of the content's own pages (an announcement's, issue 43) in place of its page.
     */
    async preview<page extends EditablePage>(page: page, content: SiteContent[page], own?: string) {
      const { rendered } = editablePages[page];
      // Content no built page shows (the search's settings) has nothing to preview.
      if (!rendered) throw new Error(`${page} is shown on no built page`);
      if (own !== undefined && !ownPagesOf(page, content).includes(own)) {
        throw new Error(`${own} is no page of this content`);
      }
      const path = own ?? editablePages[page].path;
      const like = likeOf(deps.live(), page, path);
      if (!like) throw new Error(`${path} is not a page of the built site`);
      return (await renderPage(path, { ...current, [page]: content }, like)).html;
    },

    shownEdition: (page: EditablePage) => shown.get(page),

    /** Resolves once what this server is publishing or showing now is on the site. */
    settled: (): Promise<void> => queue.then(() => {}),

    /** Resolves once every page published has its strongest compression (decision 0048). */
    compressed: () => refiner.settled(),

    /** The published content shown now: what the pages rendered on each request show too. */
    shownContent: (): Partial<SiteContent> => current,
  };
}

export type SitePublisher = ReturnType<typeof createSitePublisher>;
