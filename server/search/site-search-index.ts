/**
 * The site's search index (issue 29, decision 0042): MiniSearch over the published pages,
 * announcements, documents and blank forms, with the text rules of domain/search (folded,
 * Snowball Russian stems, one typo in a stem of five letters or more). Documents are added,
 * replaced and discarded by a key (decision 0047); a query gives at most `maxResults` ranked
 * results, each with a snippet whose matched words are marked. A query is read up to its first 200 characters and 12 words, so no
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

type SiteSearchResult = {
  path: string;
  title: string;
  section: string;
  snippet: SnippetPart[];
  fileUrl?: string;
};

const defaultResults = 20;
export const maxResults = 50;

/** The options both the index and a query use: the same words and terms on both sides. */
export const miniSearchOptions: Options = {
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

/** A document with the key that names it from one refresh to the next (the service's). */
export type KeyedDocument = SearchDocument & { key: string };

export type SiteSearchIndex = {
  search: (query: string, limit?: number) => SiteSearchResult[];
  /** How many documents answer now. */
  readonly size: number;
  /** The document indexed under this key, as it was given. */
  get: (key: string) => SearchDocument | undefined;
  keys: () => IterableIterator<string>;
  /**
   * Adds the documents in order while `stop` says not to stop (checked after each one): how many
   * were added. A word is stemmed once until the list is all in (the rest of a list stopped
   * early is given next), however often it occurs.
   */
  add: (documents: readonly KeyedDocument[], stop?: () => boolean) => number;
  /** Replaces documents indexed under the same keys. */
  replace: (documents: readonly KeyedDocument[]) => void;
  /** Takes documents out: they answer no more (MiniSearch vacuums their terms later, in steps). */
  discard: (keys: readonly string[]) => void;
};

/** An empty index, changed document by document (server/search/site-search-service.ts). */
export function createSiteSearchIndex(): SiteSearchIndex {
  const documents = new Map<string, SearchDocument>();
  // A text repeats its words: each distinct word is stemmed once per change of the index.
  const stems = new Map<string, string>();
  const stemOnce = (word: string) => {
    let stem = stems.get(word);
    if (stem === undefined) {
      stem = searchTerm(word);
      stems.set(word, stem);
    }
    return stem;
  };
  const index = new MiniSearch<KeyedDocument>({
    ...miniSearchOptions,
    idField: "key",
    processTerm: stemOnce,
  });
  const given = ({ key: _, ...document }: KeyedDocument): SearchDocument => document;
  return {
    get size() {
      return documents.size;
    },
    get: (key) => documents.get(key),
    keys: () => documents.keys(),
    add(list, stop = () => false) {
      let count = 0;
      try {
        for (const document of list) {
          index.add(document);
          documents.set(document.key, given(document));
          count++;
          if (stop()) break;
        }
      } finally {
        // Kept while the list is added in steps (the rest comes next); let go once it is all in.
        if (count >= list.length) stems.clear();
      }
      return count;
    },
    replace(list) {
      try {
        for (const document of list) {
          index.replace(document);
          documents.set(document.key, given(document));
        }
      } finally {
        stems.clear();
      }
    },
    discard(keys) {
      index.discardAll(keys);
      for (const key of keys) documents.delete(key);
    },
    search(query, limit = defaultResults) {
      const terms = queryTerms(query);
      if (terms.length === 0) return [];
      // The terms are already the query's stems: MiniSearch takes them as they are.
      const found: MiniSearchResult[] = index.search(terms.join(" "), {
        processTerm: (term) => term,
      });
      const count = Math.min(Math.max(1, Math.trunc(limit) || defaultResults), maxResults);
      return found.slice(0, count).flatMap((result) => {
        const document = documents.get(result.id as string);
        if (!document) return [];
        const snippet = snippetParts(document.text || document.title, result.terms);
        return [
          {
            path: document.path,
            title: document.title,
            section: document.section,
            snippet,
            ...(document.fileUrl === undefined ? {} : { fileUrl: document.fileUrl }),
          },
        ];
      });
    },
  };
}

/** An index of these documents, built whole at once (the unit tests', the benchmark's). */
export function buildSiteSearchIndex(given: readonly SearchDocument[]): SiteSearchIndex {
  const index = createSiteSearchIndex();
  index.add(given.map((document, at) => ({ ...document, key: String(at) })));
  return index;
}
