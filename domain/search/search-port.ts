/**
 * What the search page (/search, issues 29 and 42) asks of the server: the results of a query
 * over the published site, best first. Nothing here touches Node: the page and the server both
 * read it.
 */
import type { SnippetPart } from "./search-text.ts";

/** One result: the page it leads to, its section, a snippet, and a document's or form's file. */
export type SearchHit = {
  path: string;
  title: string;
  section: string;
  snippet: SnippetPart[];
  fileUrl?: string;
  /** An editor pinned this page to the query («Лучший ответ»): shown first, marked. */
  bestAnswer?: boolean;
  /** The query's words (as typed) this result does not hold: «Не найдено: стоит». */
  missing?: string[];
};

/** The results of a query (at most the page's count); none for an empty one or one found nowhere. */
export type SearchResults = {
  hits: readonly SearchHit[];
};

export type SearchPort = (query: string) => SearchResults;
