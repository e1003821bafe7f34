/**
 * The site's search over the built site as the server serves it (the build's pages, the content's
 * defaults with its synonyms and best answers, the build's PDFs): for the relevance set's test and
 * the benchmark. Needs `npm run build`.
 */
import { siteContentDefaults } from "../../content/site-content-defaults.ts";
import type { SiteContent } from "../../domain/site-content/site-editions.ts";
import { loadSiteFiles } from "../site/site-files.ts";
import { createSiteSearch } from "./site-search-service.ts";

export async function searchOverTheBuild(content: () => SiteContent = () => siteContentDefaults) {
  const site = await loadSiteFiles("build/client");
  const search = createSiteSearch({
    content,
    page(path) {
      const file = site.byPath.get(path);
      return file && { version: file.etag, html: () => file.body.toString("utf8") };
    },
    file: async (href) => site.byPath.get(href)?.body,
  });
  await search.refresh();
  return search;
}
