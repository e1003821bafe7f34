/**
 * What a query asks for (issue 42): its meaningful words («сколько стоит анализ воды» → «стоит»,
 * «анализ», «воды»; common words left out, unless the query holds nothing else), each a concept a
 * page may hold or not; the editors' synonyms, each an alternative of the concepts it covers; and
 * the best answers pinned to its words.
 *
 * A synonym applies when the query holds the terms of all its `words`, in any order and among other
 * words («плата заработная» as «заработная плата»): each concept it covers is then held by a page
 * holding its own term or all the terms of `means`. `bothWays` also maps `means` to `words`.
 * A best answer applies when the query's meaningful terms, as a set, are those of its query.
 */
import type { SearchContent } from "../site-content/search-content.ts";
import { type QueryWord, queryWords, searchTerm, textWords } from "./search-text.ts";
import { isStopWord } from "./stop-words.ts";

/** One meaningful word of a query: a page holds it by its term or by one of `alternatives`. */
export type QueryConcept = {
  typed: string;
  term: string;
  /** Each a list of terms a page must all hold (a synonym's `means`). */
  alternatives: string[][];
};

/** The editors' synonyms and best answers, in terms, prepared once per publish of them. */
export type PreparedSearchSettings = {
  synonyms: readonly { words: string[]; means: string[] }[];
  /** The paths pinned to a set of terms (its key), in the editors' order. */
  bestAnswers: ReadonlyMap<string, readonly string[]>;
};

export const noSearchSettings: PreparedSearchSettings = { synonyms: [], bestAnswers: new Map() };

/** The most terms a query searches for with its synonyms': its cost stays bounded. */
const maxSearchedTerms = 24;

/** A text's meaningful words: without the common ones, unless it holds nothing else. */
function meaningful<T extends { typed: string }>(words: readonly T[]): T[] {
  const kept = words.filter((word) => !isStopWord(word.typed));
  return kept.length > 0 ? kept : [...words];
}

/** The distinct meaningful terms of a phrase (a synonym's side, a best answer's query). */
const phraseTerms = (phrase: string): string[] => [
  ...new Set(
    meaningful(textWords(phrase).map((typed) => ({ typed }))).map((w) => searchTerm(w.typed)),
  ),
];

/** The key of a set of terms: the same for any order. */
const setKey = (terms: readonly string[]): string => [...new Set(terms)].sort().join(" ");

export function prepareSearchSettings(content: SearchContent | undefined): PreparedSearchSettings {
  if (!content) return noSearchSettings;
  const synonyms: { words: string[]; means: string[] }[] = [];
  for (const synonym of content.synonyms) {
    const words = phraseTerms(synonym.words);
    const means = phraseTerms(synonym.means);
    if (words.length === 0 || means.length === 0) continue;
    synonyms.push({ words, means });
    if (synonym.bothWays) synonyms.push({ words: means, means: words });
  }
  const bestAnswers = new Map<string, string[]>();
  for (const answer of content.bestAnswers) {
    const key = setKey(phraseTerms(answer.query));
    if (key === "") continue;
    const paths = bestAnswers.get(key) ?? [];
    if (!paths.includes(answer.path)) paths.push(answer.path);
    bestAnswers.set(key, paths);
  }
  return { synonyms, bestAnswers };
}

export type ParsedQuery = {
  concepts: QueryConcept[];
  /** Every term searched for: the concepts' and their alternatives'. */
  terms: string[];
  /** The pages pinned to this query, in the editors' order. */
  bestAnswerPaths: readonly string[];
};

export function parseQuery(query: string, settings: PreparedSearchSettings): ParsedQuery {
  const words: QueryWord[] = meaningful(queryWords(query));
  const held = new Set(words.map((word) => word.term));
  const concepts: QueryConcept[] = words.map((word) => ({ ...word, alternatives: [] }));
  const terms = new Set(held);
  for (const synonym of settings.synonyms) {
    if (!synonym.words.every((term) => held.has(term))) continue;
    if (terms.size + synonym.means.length > maxSearchedTerms) break;
    for (const concept of concepts)
      if (synonym.words.includes(concept.term)) concept.alternatives.push(synonym.means);
    for (const term of synonym.means) terms.add(term);
  }
  return {
    concepts,
    terms: [...terms],
    bestAnswerPaths: settings.bestAnswers.get(setKey([...held])) ?? [],
  };
}

/** Whether a page holding these terms holds the concept: its own term or all of an alternative. */
export const holdsConcept = (concept: QueryConcept, found: ReadonlySet<string>): boolean =>
  found.has(concept.term) || concept.alternatives.some((terms) => terms.every((t) => found.has(t)));
