import { siteUrlPlaceholder } from "../../domain/site/site-url-placeholder.ts";

/**
 * "/contacts" -> "https://site-url.invalid/contacts": absolute addresses are written while
 * prerendering with the placeholder origin, which the server replaces with SITE_URL. No page
 * renders them in the browser (the appeal form's island renders only the form).
 */
export function absoluteUrl(path: string): string {
  return `${siteUrlPlaceholder}${path}`;
}
