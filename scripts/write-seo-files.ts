// Writes sitemap.xml (the ten pages) and robots.txt (naming it; the API and staff areas are not
// for crawlers) into the built site. Absolute addresses carry the SITE_URL placeholder, which the
// server replaces at start (app/seo/site-url.ts).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { absoluteUrl } from "../app/seo/site-url.ts";
import { sitePages } from "../content/site-pages.ts";

const siteDir = process.argv[2] ?? "build/client";

const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${sitePages.map((page) => `  <url><loc>${absoluteUrl(page.path)}</loc></url>`).join("\n")}
</urlset>
`;

const robots = `User-agent: *
Allow: /
Disallow: /api
Disallow: /staff

Sitemap: ${absoluteUrl("/sitemap.xml")}
`;

writeFileSync(join(siteDir, "sitemap.xml"), sitemap);
writeFileSync(join(siteDir, "robots.txt"), robots);
console.log(`write-seo-files: sitemap.xml with ${sitePages.length} pages, robots.txt`);
