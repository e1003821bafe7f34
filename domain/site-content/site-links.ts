/**
 * The links staff type into the site's texts (issue 43): each `[words](address)` of a markup
 * field (site-markup.ts), with the field it is in, so a link that leads nowhere is refused beside
 * that field (server/site-content/link-check.ts) and a broken web address is reported with its
 * page and field (the daily check, server/site-content/external-link-check.ts). What a link
 * leads to is read here: a page of the site, an anchor on it, an uploaded file, an announcement.
 */

import { type Announcement, announcementPath, type NewsContent, newsPath } from "./news-content.ts";
import { announcementErrorKey } from "./news-form.ts";
import { sectionFieldName } from "./section-texts-form.ts";
import type { EditablePage, SiteContent } from "./site-editions.ts";
import { parseMarkup } from "./site-markup.ts";

/** One link in one field of a page's content. */
export type ContentLink = {
  href: string;
  page: EditablePage;
  /** Where the form keeps the field's error (`s2.text`, `n0.text@7`): shown under it. */
  field: string;
  /** The field in words, as a refusal names it: «Текст» объявления «…», «Раздел „…“». */
  fieldLabel: string;
};

/** A section's title on its page, for the words of a field (the editor's label). */
export type SectionTitle = (page: EditablePage, sectionId: string) => string;

/** Every link address of a text in the markup, in order. */
function markupHrefs(text: string): string[] {
  return parseMarkup(text).flatMap((block) =>
    (block.kind === "paragraph" ? [block.inline] : block.items).flatMap((inline) =>
      inline.flatMap((part) => (part.kind === "link" ? [part.href] : [])),
    ),
  );
}

/** The links of announcement `index` of the news, in its text. */
export function announcementLinks(announcement: Announcement, index: number): ContentLink[] {
  return markupHrefs(announcement.text).map((href) => ({
    href,
    page: "news",
    field: announcementErrorKey(index, announcement.id, "text"),
    fieldLabel: `«Текст» объявления «${announcement.title}»`,
  }));
}

/** Every link of a page's content in its markup fields: announcements' and sections' texts. */
export function contentLinks<page extends EditablePage>(
  page: page,
  content: SiteContent[page],
  sectionTitle: SectionTitle,
): ContentLink[] {
  if (page === "news") {
    return (content as NewsContent).announcements.flatMap((announcement, index) =>
      announcementLinks(announcement, index),
    );
  }
  const sections = (content as { sections?: unknown }).sections;
  if (!Array.isArray(sections)) return [];
  return (sections as SiteContent["home"]["sections"]).flatMap((section, index) =>
    markupHrefs(section.text).map((href) => ({
      href,
      page,
      field: sectionFieldName(index, "text"),
      fieldLabel: `«Раздел „${sectionTitle(page, section.id)}“»`,
    })),
  );
}

/** Every link of the content of every page. */
export function siteLinks(content: SiteContent, sectionTitle: SectionTitle): ContentLink[] {
  return (Object.keys(content) as EditablePage[]).flatMap((page) =>
    contentLinks(page, content[page], sectionTitle),
  );
}

const siteBase = "https://site.invalid";

/** Where a link to the site leads: its path (no query) and its anchor, if any. */
export type SiteTarget = { path: string; anchor: string | undefined };

/** A link to a page of this site (`/documents#ustav`), read as a browser does; else undefined. */
export function siteTargetOf(href: string): SiteTarget | undefined {
  if (!href.startsWith("/") || href.startsWith("//")) return undefined;
  let url: URL;
  try {
    url = new URL(href, siteBase);
  } catch {
    return undefined;
  }
  if (url.origin !== siteBase) return undefined;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  const hash = url.hash.slice(1);
  let anchor: string | undefined;
  try {
    anchor = hash === "" ? undefined : decodeURIComponent(hash);
  } catch {
    anchor = hash;
  }
  return { path, anchor };
}

/** A link to the web outside the site (http or https). */
export const isWebLink = (href: string) => /^https?:\/\//i.test(href);

/** The announcement's id a path leads to (`/news/7` → "7"), or undefined. */
export function announcementIdOf(path: string): string | undefined {
  const match = new RegExp(`^${newsPath}/(\\d+)$`).exec(path);
  return match?.[1];
}

/** The announcements' pages of the news content. */
export const announcementPathSet = (news: NewsContent): ReadonlySet<string> =>
  new Set(news.announcements.map((announcement) => announcementPath(announcement.id)));

/** The ids (`id="…"`) an HTML page holds: the anchors a link to it may name. */
export function htmlIds(html: string): Set<string> {
  const ids = new Set<string>();
  for (const match of html.matchAll(/\sid\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    ids.add(decodeHtmlAttribute(match[1] ?? match[2] ?? ""));
  }
  return ids;
}

const decodeHtmlAttribute = (value: string) =>
  value
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
