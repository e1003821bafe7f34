/**
 * What the search page (/search, issue 29) asks of the server: the results of a query over the
 * published site, best first. Nothing here touches Node: the page and the server both read it.
 */
import type { SnippetPart } from "./search-text.ts";

/** One result: the page it leads to, its section, a snippet, and a document's or form's file. */
export type SearchHit = {
  path: string;
  title: string;
  section: string;
  snippet: SnippetPart[];
  fileUrl?: string;
};

/** The results of a query (at most the page's count), or none for an empty one. */
export type SearchPort = (query: string) => readonly SearchHit[];
