/**
 * The site's public address is a runtime setting (SITE_URL), but pages are prerendered at build
 * time. So absolute addresses (canonical, Open Graph, JSON-LD, sitemap, robots.txt) are written
 * with this placeholder origin, and the server puts the configured SITE_URL in its place when it
 * loads the built site into memory (server/site/site-settings.ts). A `.invalid` host (RFC 2606) can
 * never be a real site, so a page served some other way shows the mistake instead of a wrong
 * address that looks right.
 */
export const siteUrlPlaceholder = "https://site-url.invalid";
