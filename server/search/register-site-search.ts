/**
 * The site's search on this server (issue 29, decision 0043): built from what the site serves
 * once the published editions are shown at start, and brought up to date after every edition
 * this server puts on its site from then on (decision 0047). Each refresh is logged with what it
 * read and changed; a file that cannot be read by its address only; never a query.
 */
import type { FastifyInstance } from "fastify";
import { siteContentDefaults } from "../../content/site-content-defaults.ts";
import type { SiteContent } from "../../domain/site-content/site-editions.ts";
import { siteFileAddressPattern } from "../../domain/site-content/site-files.ts";
import type { DataLayer } from "../db/data-layer.ts";
import type { LiveSite } from "../site-content/site-publisher.ts";
import type { PdfTextReader } from "./pdf-text-reader.ts";
import { createSiteSearch, type SearchRefresh } from "./site-search-service.ts";

const rounded = (done: SearchRefresh) => ({
  ...done,
  pagesMs: Math.round(done.pagesMs),
  filesMs: Math.round(done.filesMs),
  indexMs: Math.round(done.indexMs),
});

export function registerSiteSearch(
  app: FastifyInstance,
  deps: {
    data: Pick<DataLayer, "attachments">;
    live: () => LiveSite;
    /** The published content shown now (the publisher's). */
    published: () => Partial<SiteContent>;
    /** The reader of PDFs' text, shared with the uploads (pdf-text-reader.ts). */
    pdfTexts: PdfTextReader;
  },
) {
  const search = createSiteSearch({
    content: () => ({ ...siteContentDefaults, ...deps.published() }),
    page(path) {
      const file = deps.live().file(path);
      return file && { version: file.etag, html: () => file.body.toString("utf8") };
    },
    async file(href) {
      const uploaded = siteFileAddressPattern.exec(href)?.[1];
      if (uploaded === undefined) return deps.live().file(href)?.body;
      return (await deps.data.attachments.readSiteFile(uploaded))?.content;
    },
    pdfTexts: deps.pdfTexts,
    onFileError: (href, error) =>
      app.log.warn({ href, err: { message: (error as Error)?.message } }, "search: file unread"),
    onFileOverBudget: (href, reason) =>
      app.log.warn(
        { href, reason },
        "search: file over the reading budget, found by its title only",
      ),
  });
  const refresh = () =>
    search
      .refresh()
      // What was read and changed, and how long it took: never a query.
      .then((done) => app.log.info({ search: rounded(done) }, "search: index brought up to date"))
      .catch((error: unknown) =>
        app.log.error(
          { err: { name: (error as Error)?.name, message: (error as Error)?.message } },
          "search: building the index failed",
        ),
      );
  // The first index once all the published pages are shown at start (this hook is registered
  // after the site content's): an edition shown before it is read by it, so the editions shown
  // at start do not each build an index of a half-shown site.
  let ready = false;
  app.addHook("onReady", async () => {
    ready = true;
    await refresh();
  });
  app.addHook("onClose", () => deps.pdfTexts.close());
  return {
    search: search.search,
    onShown: () => {
      if (ready) void refresh();
    },
  };
}
