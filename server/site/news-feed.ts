import { siteTitleSuffix } from "../../content/site-pages.ts";
import { siteUrlPlaceholder } from "../../domain/site/site-url-placeholder.ts";
import {
  type Announcement,
  announcementPath,
  type NewsContent,
  newestFirst,
  newsFeedPath,
  newsPath,
} from "../../domain/site-content/news-content.ts";
import { siteFileTypes } from "../../domain/site-content/site-files.ts";
import { markupHtml, parseMarkup } from "../../domain/site-content/site-markup.ts";
import { kirovDayStartText } from "../../domain/time/kirov-time.ts";
import { nextTurn } from "../http/next-turn.ts";

/**
 * The Atom feed of «Новости и объявления» (RFC 4287): every announcement, newest first, its text
 * as escaped HTML, its picture as an enclosure link (decision 0040). The same text from the build
 * (scripts/write-seo-files.ts) and after each publish (server/site-content/site-publisher.ts, in
 * steps: `newsFeedPartsInSteps`). Addresses carry the SITE_URL placeholder, which the server
 * replaces (server/site/site-settings.ts).
 */
export function newsFeedXml(content: NewsContent, updated: string): string {
  return [...feedParts(content, updated)].join("");
}

/** How long the feed is made at a stretch before the event loop is served (issue 40). */
const stepMs = 10;

/**
 * `newsFeedXml` in parts (its head, each entry, its end), the event loop served every `stepMs`
 * between two entries: 200 announcements of 20,000 characters made a 4 MB feed in one stretch of
 * 80–190 ms, every request waiting. Parts, not their join: joined and encoded at once, the 4 MB
 * text held the event loop another 60–80 ms (the publisher encodes it a part at a time).
 */
export async function newsFeedPartsInSteps(
  content: NewsContent,
  updated: string,
): Promise<string[]> {
  const parts: string[] = [];
  let stepStarted = performance.now();
  for (const part of feedParts(content, updated)) {
    parts.push(part);
    if (performance.now() - stepStarted > stepMs) {
      await nextTurn();
      stepStarted = performance.now();
    }
  }
  return parts;
}

/** The feed's text in parts: its head, each entry, its end. */
function* feedParts(content: NewsContent, updated: string): Generator<string> {
  const url = (path: string) => `${siteUrlPlaceholder}${path}`;
  yield `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="ru">
  <id>${url(newsPath)}</id>
  <title type="text">Новости и объявления — ${escapeXml(siteTitleSuffix)}</title>
  <updated>${updated}</updated>
  <author><name>${escapeXml(siteTitleSuffix)}</name></author>
  <link rel="self" type="application/atom+xml" href="${url(newsFeedPath)}"/>
  <link rel="alternate" type="text/html" href="${url(newsPath)}"/>
`;
  for (const announcement of newestFirst(content)) {
    yield `  <entry>
    <id>${url(announcementPath(announcement.id))}</id>
    <title type="text">${escapeXml(announcement.title)}</title>
    <updated>${kirovDayStartText(announcement.date)}</updated>
    <link rel="alternate" type="text/html" href="${url(announcementPath(announcement.id))}"/>
${enclosureOf(announcement, url)}    <content type="html">${escapeXml(markupHtml(parseMarkup(announcement.text), siteUrlPlaceholder))}</content>
  </entry>
`;
  }
  yield `</feed>
`;
}

/** An announcement's picture as the feed's enclosure link (RFC 4287 4.2.7.2); none without one. */
function enclosureOf(announcement: Announcement, url: (path: string) => string): string {
  const { image } = announcement;
  if (!image) return "";
  const type = siteFileTypes.find((known) => known.format === image.file.format)?.mediaType;
  return `    <link rel="enclosure" type="${type}" length="${image.file.bytes}" href="${escapeXml(url(image.href))}"/>
`;
}

/**
 * When the feed last changed for a build: the start of its newest announcement's Kirov day, or the
 * given time.
 */
export function feedUpdatedOf(content: NewsContent, otherwise: Date): string {
  const newest = newestFirst(content)[0];
  return newest ? kirovDayStartText(newest.date) : otherwise.toISOString();
}

function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}
