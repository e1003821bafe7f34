// Writes sitemap.xml (the ten pages) and robots.txt (naming it; the API and staff areas are not
// for crawlers) into the built site. Absolute addresses carry the SITE_URL placeholder, which the
// server replaces at start (app/seo/site-url.ts).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { absoluteUrl } from "../app/seo/site-url.ts";
import { sitePages } from "../content/site-pages.ts";
import { sitemapXml } from "../server/site/sitemap.ts";

const siteDir = process.argv[2] ?? "build/client";

// The same text a publish writes again with the pages' lastmod (server/site/sitemap.ts).
const sitemap = sitemapXml(sitePages.map((page) => page.path));

const robots = `User-agent: *
Allow: /
Disallow: /api
Disallow: /staff

Sitemap: ${absoluteUrl("/sitemap.xml")}
`;

writeFileSync(join(siteDir, "sitemap.xml"), sitemap);
writeFileSync(join(siteDir, "robots.txt"), robots);
console.log(`write-seo-files: sitemap.xml with ${sitePages.length} pages, robots.txt`);
