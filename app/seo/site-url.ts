/**
 * The site's public address is a runtime setting (SITE_URL), but pages are prerendered at build
 * time. So absolute addresses (canonical, Open Graph, JSON-LD, sitemap, robots.txt) are written
 * with this placeholder origin, and the server puts the configured SITE_URL in its place when it
 * loads the built site into memory (server/site-settings.ts). A `.invalid` host (RFC 2606) can
 * never be a real site, so a page served some other way shows the mistake instead of a wrong
 * address that looks right.
 */
export const siteUrlPlaceholder = "https://site-url.invalid";

/**
 * "/contacts" -> "https://site-url.invalid/contacts" while prerendering. In the browser (only the
 * hydrating /appeals page runs this there) it uses the address the server wrote into the page's
 * canonical link: React must render the same tags the page holds, or it adds a second, stale
 * canonical and Open Graph set to <head>.
 */
export function absoluteUrl(path: string): string {
  return `${siteOrigin()}${path}`;
}

function siteOrigin(): string {
  if (typeof document === "undefined") return siteUrlPlaceholder;
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  return canonical ? new URL(canonical.href).origin : siteUrlPlaceholder;
}
