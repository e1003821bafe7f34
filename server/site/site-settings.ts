import { siteUrlPlaceholder } from "../../domain/site/site-url-placeholder.ts";
import { inlineSources } from "../http/content-security-policy.ts";
import { compressedVariants } from "./compressed-cache.ts";
import { etagOf } from "./compressed-variants.ts";
import { posWidgetBlock, posWidgetSlot } from "./pos-widget.ts";
import type { SiteFile, SiteFiles } from "./site-files.ts";

/** What the built pages cannot know at build time: the public address and the ПОС widget id. */
export type SiteSettings = { siteUrl: string; posWidgetId?: string };

// Files whose text may hold the SITE_URL placeholder: pages, sitemap.xml, robots.txt.
const textTypes = /^(text\/html|application\/xml|application\/atom\+xml|text\/plain)/;

/**
 * The built site with the runtime settings written in, done once when the server loads it into
 * memory: the SITE_URL placeholder becomes the configured address, and /appeals gets the ПОС
 * block when POS_WIDGET_ID is set. Changed files get fresh compressed variants and ETags, so a
 * changed setting changes what caches hold. No rebuild is needed for either setting.
 */
export function applySiteSettings(site: SiteFiles, settings: SiteSettings): SiteFiles {
  const byPath = new Map<string, SiteFile>();
  const personalise = (file: SiteFile, path: string) =>
    withSettings(file, path, settings, site.compressedCacheDir);
  for (const [path, file] of site.byPath) byPath.set(path, personalise(file, path));
  return { ...site, byPath, notFoundPage: personalise(site.notFoundPage, "/404") };
}

/** A page's HTML with the settings written in (also used for pages rendered per request). */
export function personaliseHtml(html: string, path: string, settings: SiteSettings): string {
  let result = html.replaceAll(siteUrlPlaceholder, settings.siteUrl);
  if (path === "/appeals" && settings.posWidgetId) {
    result = result.replace(posWidgetSlot, posWidgetBlock(settings.posWidgetId));
  }
  return result;
}

function withSettings(
  file: SiteFile,
  path: string,
  settings: SiteSettings,
  cacheDir: string | undefined,
): SiteFile {
  if (!textTypes.test(file.contentType)) return file;
  const text = file.body.toString("utf8");
  const changed = personaliseHtml(text, path, settings);
  if (changed === text) return file;
  const body = Buffer.from(changed, "utf8");
  return {
    ...file,
    body,
    brotli: undefined,
    gzip: undefined,
    ...compressedVariants(
      body,
      { brotli: Boolean(file.brotli), gzip: Boolean(file.gzip) },
      cacheDir,
    ),
    etag: etagOf(body),
    // The page's policy hashes the inline blocks it is served with (the ПОС block included).
    ...(file.inline ? { inline: inlineSources(changed) } : {}),
  };
}
