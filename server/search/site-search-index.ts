/**
 * The site's search index (issue 29, decision 0042): MiniSearch over the published pages,
 * announcements, documents and blank forms, with the text rules of domain/search (folded,
 * Snowball Russian stems, one typo in a stem of five letters or more). Built whole from a list
 * of documents; a query gives at most `maxResults` ranked results, each with a snippet whose
 * matched words are marked. A query is read up to its first 200 characters and 12 words, so no
 * query costs more than a short one.
 */
import MiniSearch, { type SearchResult as MiniSearchResult, type Options } from "minisearch";
import {
  queryTerms,
  type SnippetPart,
  searchTerm,
  snippetParts,
  textWords,
  typoDistance,
} from "../../domain/search/search-text.ts";

/** What is searched: a page, an announcement, a document or a blank form (with its file). */
export type SearchDocument = {
  /** The page the result leads to. */
  path: string;
  title: string;
  /** The part of the site it is in ('Документы', 'Новости и объявления'). */
  section: string;
  /** Its text: the page's words, a file's extracted text. */
  text: string;
  /** The file a document or a blank form links to. */
  fileUrl?: string;
};

export type SiteSearchResult = {
  path: string;
  title: string;
  section: string;
  snippet: SnippetPart[];
  fileUrl?: string;
};

export const defaultResults = 20;
export const maxResults = 50;

/** The options both the index and a query use: the same words and terms on both sides. */
export const miniSearchOptions: Options<SearchDocument & { id: number }> = {
  fields: ["title", "text"],
  tokenize: textWords,
  processTerm: searchTerm,
  searchOptions: {
    boost: { title: 3 },
    combineWith: "AND",
    fuzzy: (term: string) => typoDistance(term) || false,
    maxFuzzy: 1,
  },
};

export type SiteSearchIndex = {
  search: (query: string, limit?: number) => SiteSearchResult[];
  size: number;
};

export function buildSiteSearchIndex(given: readonly SearchDocument[]): SiteSearchIndex {
  const documents = [...given];
  // A text repeats its words: each distinct word is stemmed once while the index is built.
  const stems = new Map<string, string>();
  const stemOnce = (word: string) => {
    let stem = stems.get(word);
    if (stem === undefined) {
      stem = searchTerm(word);
      stems.set(word, stem);
    }
    return stem;
  };
  const index = new MiniSearch<SearchDocument & { id: number }>({
    ...miniSearchOptions,
    processTerm: stemOnce,
  });
  index.addAll(documents.map((document, id) => ({ ...document, id })));
  stems.clear();
  return {
    size: documents.length,
    search(query, limit = defaultResults) {
      const terms = queryTerms(query);
      if (terms.length === 0) return [];
      // The terms are already the query's stems: MiniSearch takes them as they are.
      const found: MiniSearchResult[] = index.search(terms.join(" "), {
        processTerm: (term) => term,
      });
      const count = Math.min(Math.max(1, Math.trunc(limit) || defaultResults), maxResults);
      return found.slice(0, count).map((result) => {
        const document = documents[result.id as number] as SearchDocument;
        const snippet = snippetParts(document.text || document.title, result.terms);
        return {
          path: document.path,
          title: document.title,
          section: document.section,
          snippet,
          ...(document.fileUrl === undefined ? {} : { fileUrl: document.fileUrl }),
        };
      });
    },
  };
}
