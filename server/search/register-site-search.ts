/**
 * The site's search on this server (issue 29, decision 0043): built from what the site serves
 * once the published editions are shown at start, and again after every edition this server
 * puts on its site. A file that cannot be read is logged by its address only, never a query.
 */
import type { FastifyInstance } from "fastify";
import { siteContentDefaults } from "../../content/site-content-defaults.ts";
import type { SiteContent } from "../../domain/site-content/site-editions.ts";
import { siteFileAddressPattern } from "../../domain/site-content/site-files.ts";
import type { DataLayer } from "../db/data-layer.ts";
import type { LiveSite } from "../site-content/site-publisher.ts";
import { createSiteSearch } from "./site-search-service.ts";

export function registerSiteSearch(
  app: FastifyInstance,
  deps: {
    data: Pick<DataLayer, "attachments">;
    live: () => LiveSite;
    /** The published content shown now (the publisher's). */
    published: () => Partial<SiteContent>;
  },
) {
  const search = createSiteSearch({
    content: () => ({ ...siteContentDefaults, ...deps.published() }),
    html: (path) => deps.live().file(path)?.body.toString("utf8"),
    async file(href) {
      const uploaded = siteFileAddressPattern.exec(href)?.[1];
      if (uploaded === undefined) return deps.live().file(href)?.body;
      return (await deps.data.attachments.readSiteFile(uploaded))?.content;
    },
    onFileError: (href, error) =>
      app.log.warn({ href, err: { message: (error as Error)?.message } }, "search: file unread"),
  });
  const refresh = () =>
    search
      .refresh()
      .catch((error: unknown) =>
        app.log.error(
          { err: { name: (error as Error)?.name, message: (error as Error)?.message } },
          "search: building the index failed",
        ),
      );
  // After the published pages are shown at start (registered after the site's content).
  app.addHook("onReady", async () => {
    await refresh();
  });
  return { search: search.search, onShown: () => void refresh() };
}
