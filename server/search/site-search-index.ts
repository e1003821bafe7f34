/**
 * The site's search index (issues 29 and 42, decisions 0042 and 0059): MiniSearch over the
 * published pages, announcements, documents and blank forms, with the text rules of domain/search
 * (folded, Snowball Russian stems, one typo in a stem of five letters or more). Documents are
 * added, replaced and discarded by a key (decision 0047). A query's meaningful words are its
 * concepts (domain/search/search-query.ts): one search for all their terms and their synonyms',
 * then the pages holding every concept first, those holding more before those holding fewer (each
 * naming the words it lacks), by score within each; the editors' best answers before all. A query
 * is read up to its first 200 characters and 12 words, so no query costs more than a short one.
 */
import MiniSearch, { type SearchResult as MiniSearchResult, type Options } from "minisearch";
import type { SearchHit, SearchResults } from "../../domain/search/search-port.ts";
import {
  holdsConcept,
  noSearchSettings,
  type PreparedSearchSettings,
  parseQuery,
} from "../../domain/search/search-query.ts";
import { snippetParts } from "../../domain/search/search-snippet.ts";
import { searchTerm, textWords, typoDistance } from "../../domain/search/search-text.ts";

/** What is searched: a page, an announcement, a document or a blank form (with its file). */
export type SearchDocument = {
  /** The page the result leads to. */
  path: string;
  title: string;
  /** A page's h2/h3 headings, one a line: weighed above its text, below its title. */
  headings?: string;
  /** The part of the site it is in ('Документы', 'Новости и объявления'). */
  section: string;
  /** Its text: the page's words, a file's extracted text. */
  text: string;
  /** The file a document or a blank form links to. */
  fileUrl?: string;
};

const defaultResults = 20;
export const maxResults = 50;

/** The options both the index and a query use: the same words and terms on both sides. */
export const miniSearchOptions: Options = {
  fields: ["title", "headings", "text"],
  tokenize: textWords,
  processTerm: searchTerm,
  searchOptions: {
    // A title's word says most what a page is about, a heading's more than the text's.
    boost: { title: 4, headings: 2 },
    // Any term: the concepts a page holds are counted from its matched terms.
    combineWith: "OR",
    fuzzy: (term: string) => typoDistance(term) || false,
    maxFuzzy: 1,
  },
};

/** A document with the key that names it from one refresh to the next (the service's). */
export type KeyedDocument = SearchDocument & { key: string };

export type SiteSearchIndex = {
  search: (
    query: string,
    options?: { limit?: number; settings?: PreparedSearchSettings },
  ) => SearchResults;
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
  /** A page's key by its path (documents and forms have a file): for the best answers. */
  const pageKeys = new Map<string, string>();
  const keep = (document: KeyedDocument) => {
    const previous = documents.get(document.key);
    if (previous && pageKeys.get(previous.path) === document.key) pageKeys.delete(previous.path);
    documents.set(document.key, given(document));
    if (document.fileUrl === undefined) pageKeys.set(document.path, document.key);
  };
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
          keep(document);
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
          keep(document);
        }
      } finally {
        stems.clear();
      }
    },
    discard(keys) {
      index.discardAll(keys);
      for (const key of keys) {
        const path = documents.get(key)?.path;
        if (path !== undefined && pageKeys.get(path) === key) pageKeys.delete(path);
        documents.delete(key);
      }
    },
    search(query, { limit = defaultResults, settings = noSearchSettings } = {}) {
      const parsed = parseQuery(query, settings);
      if (parsed.concepts.length === 0) return { hits: [] };
      // The terms are already stems: MiniSearch takes them as they are.
      const found: MiniSearchResult[] = index.search(parsed.terms.join(" "), {
        processTerm: (term) => term,
      });
      const ranked = found
        .map((result) => {
          const held = new Set(result.queryTerms);
          const missing = parsed.concepts.filter((concept) => !holdsConcept(concept, held));
          return { result, missing };
        })
        .filter((entry) => entry.missing.length < parsed.concepts.length)
        .sort((a, b) => a.missing.length - b.missing.length || b.result.score - a.result.score);
      const count = Math.min(Math.max(1, Math.trunc(limit) || defaultResults), maxResults);
      const hits: SearchHit[] = [];
      const pinned = new Set<string>();
      for (const path of parsed.bestAnswerPaths) {
        const key = pageKeys.get(path);
        const document = key === undefined ? undefined : documents.get(key);
        // A best answer to a page not indexed (moved, unpublished) is dropped silently.
        if (!document || pinned.has(key as string)) continue;
        pinned.add(key as string);
        const terms = found.find((result) => result.id === key)?.terms ?? parsed.terms;
        hits.push({ ...hitOf(document, terms), bestAnswer: true });
      }
      for (const { result, missing } of ranked) {
        if (hits.length >= count) break;
        if (pinned.has(result.id as string)) continue;
        const document = documents.get(result.id as string);
        if (!document) continue;
        hits.push({
          ...hitOf(document, result.terms),
          ...(missing.length > 0 ? { missing: missing.map((concept) => concept.typed) } : {}),
        });
      }
      return { hits: hits.slice(0, count) };
    },
  };
}

/** A result as the page shows it: the snippet from the sentence holding most matched words. */
function hitOf(document: SearchDocument, terms: readonly string[]): SearchHit {
  return {
    path: document.path,
    title: document.title,
    section: document.section,
    snippet: snippetParts(document.text || document.title, terms),
    ...(document.fileUrl === undefined ? {} : { fileUrl: document.fileUrl }),
  };
}

/** An index of these documents, built whole at once (the unit tests', the benchmark's). */
export function buildSiteSearchIndex(given: readonly SearchDocument[]): SiteSearchIndex {
  const index = createSiteSearchIndex();
  index.add(given.map((document, at) => ({ ...document, key: String(at) })));
  return index;
}
