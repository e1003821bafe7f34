/**
 * The text rules of the site's search (issue 29, decision 0042), the same for the index, the
 * query and the snippet: a word is a run of letters and digits; it is folded (lower case, «ё» as
 * «е») and reduced to its Snowball Russian stem, so «анализа почв» and «анализ почвы» meet as
 * «анализ почв». One typo is tolerated in a stem of `typoMinLength` letters or more.
 */
import { stemmer } from "@orama/stemmers/russian";

/** The longest query read: the rest of a longer one is ignored. */
export const maxQueryLength = 200;
/** The most words of a query searched for. */
export const maxQueryWords = 12;
/** The shortest stem one typo (an edit distance of 1) is tolerated in. */
const typoMinLength = 5;

const wordPattern = /[\p{L}\p{N}]+/gu;

/** Lower case, «ё» as «е». */
export const foldText = (text: string): string => text.toLowerCase().replaceAll("ё", "е");

/** The words of a text, as typed. */
export const textWords = (text: string): string[] => text.match(wordPattern) ?? [];

/** A word's searchable form: folded and stemmed (a word of Latin letters or digits is kept). */
export const searchTerm = (word: string): string => stemmer(foldText(word));

/**
 * The terms a query searches for, distinct, at most `maxQueryWords`: of a longer query, the whole
 * words of its first `maxQueryLength` characters.
 */
export function queryTerms(query: string): string[] {
  return queryWords(query).map((word) => word.term);
}

/** A word of a query as typed, with its term. */
export type QueryWord = { typed: string; term: string };

/**
 * The words of a query with their terms, the first of each term, at most `maxQueryWords`: of a
 * longer query, the whole words of its first `maxQueryLength` characters.
 */
export function queryWords(query: string): QueryWord[] {
  const read =
    query.length > maxQueryLength
      ? query.slice(0, maxQueryLength + 1).replace(/[\p{L}\p{N}]+$/u, "")
      : query;
  const byTerm = new Map<string, QueryWord>();
  for (const typed of textWords(read)) {
    const term = searchTerm(typed);
    if (!byTerm.has(term)) byTerm.set(term, { typed, term });
    if (byTerm.size === maxQueryWords) break;
  }
  return [...byTerm.values()];
}

/** The typo tolerated in a term: one edit in a stem long enough, none in a short one. */
export const typoDistance = (term: string): number => (term.length >= typoMinLength ? 1 : 0);

/** A piece of a result's snippet, a matched word or not (domain/search/search-snippet.ts). */
export type SnippetPart = { text: string; marked: boolean };
