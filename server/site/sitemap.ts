import { siteUrlPlaceholder } from "../../domain/site/site-url-placeholder.ts";

/**
 * sitemap.xml for the site's pages, with `lastmod` for the pages whose content staff published
 * (the day of the publish): the same text from the build (scripts/write-seo-files.ts, no
 * edition yet) and after each publish (server/site-content/site-publisher.ts). Addresses carry
 * the SITE_URL placeholder, which the server replaces (server/site/site-settings.ts).
 */
export function sitemapXml(
  paths: readonly string[],
  lastModified: ReadonlyMap<string, string> = new Map(),
): string {
  const entry = (path: string) => {
    const lastmod = lastModified.get(path);
    return `  <url><loc>${siteUrlPlaceholder}${path}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
  };
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${paths.map(entry).join("\n")}
</urlset>
`;
}
