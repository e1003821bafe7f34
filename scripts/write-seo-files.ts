// Writes sitemap.xml (the site's pages), the news feed (news/feed.atom) and robots.txt (naming it; the API and staff areas are not
// for crawlers) into the built site. Absolute addresses carry the SITE_URL placeholder, which the
// server replaces at start (app/seo/site-url.ts).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { absoluteUrl } from "../app/seo/site-url.ts";
import { defaultNews } from "../content/news.ts";
import { sitePages } from "../content/site-pages.ts";
import { announcementPaths, newsFeedPath } from "../domain/site-content/news-content.ts";
import { feedUpdatedOf, newsFeedXml } from "../server/site/news-feed.ts";
import { sitemapXml } from "../server/site/sitemap.ts";

const siteDir = process.argv[2] ?? "build/client";

// The same text a publish writes again with the pages' lastmod (server/site/sitemap.ts).
const sitemap = sitemapXml([
  ...sitePages.map((page) => page.path),
  ...announcementPaths(defaultNews),
]);
// The same text a publish of the news writes again (server/site/news-feed.ts).
const feed = newsFeedXml(defaultNews, feedUpdatedOf(defaultNews, new Date()));

const robots = `User-agent: *
Allow: /
Disallow: /api
Disallow: /staff

Sitemap: ${absoluteUrl("/sitemap.xml")}
`;

writeFileSync(join(siteDir, "sitemap.xml"), sitemap);
writeFileSync(join(siteDir, "robots.txt"), robots);
mkdirSync(join(siteDir, "news"), { recursive: true });
writeFileSync(join(siteDir, `${newsFeedPath.slice(1)}`), feed);
console.log(
  `write-seo-files: sitemap.xml with ${sitePages.length} pages, ${newsFeedPath}, robots.txt`,
);
