/**
 * A best answer of the search (issue 42) must lead to a page this site serves: one of the built
 * pages (content/site-pages.ts) or a published announcement's page. The form checks an
 * address's shape; which pages exist is the server's to know, so it is checked here, where an
 * edition is saved, and refused beside the field it was typed in.
 */
import { sitePages } from "../../content/site-pages.ts";
import { announcementPaths, type NewsContent } from "../../domain/site-content/news-content.ts";
import { bestAnswerFieldName } from "../../domain/site-content/search-form.ts";
import type { EditablePage, SiteContent } from "../../domain/site-content/site-editions.ts";

/** A refusal of one field: its posted name, shown under it and in the form's summary. */
export type FieldRefusal = { ok: false; status: 400; message: string; field: string };

/** The addresses a best answer may lead to: the built pages and the announcements shown now. */
export function servedPaths(news: NewsContent): ReadonlySet<string> {
  return new Set([...sitePages.map((page) => page.path), ...announcementPaths(news)]);
}

/** The first best answer whose page the site does not serve, refused; undefined: all are served. */
export function unservedBestAnswer<page extends EditablePage>(
  page: page,
  content: SiteContent[page],
  served: ReadonlySet<string>,
): FieldRefusal | undefined {
  if (page !== "search") return undefined;
  const { bestAnswers } = content as SiteContent["search"];
  const index = bestAnswers.findIndex((answer) => !served.has(answer.path));
  const answer = bestAnswers[index];
  if (!answer) return undefined;
  return {
    ok: false,
    status: 400,
    message: `Страницы ${answer.path} на сайте нет. Укажите адрес страницы сайта, например /contacts, или опубликованного объявления.`,
    field: bestAnswerFieldName(index, "path"),
  };
}
