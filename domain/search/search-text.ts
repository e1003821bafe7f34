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
  const read =
    query.length > maxQueryLength
      ? query.slice(0, maxQueryLength + 1).replace(/[\p{L}\p{N}]+$/u, "")
      : query;
  const words = textWords(read);
  return [...new Set(words.map(searchTerm))].slice(0, maxQueryWords);
}

/** The typo tolerated in a term: one edit in a stem long enough, none in a short one. */
export const typoDistance = (term: string): number => (term.length >= typoMinLength ? 1 : 0);

export type SnippetPart = { text: string; marked: boolean };

/** Words of context shown before the first matched word, and words shown in all. */
const wordsBefore = 8;
const wordsInSnippet = 30;

/**
 * A piece of `text` around its first word whose term is one of `terms` (the terms a search
 * matched), with every such word in it marked; the beginning of the text when none is there.
 * «…» stands where the piece cuts the text. Structured parts, never HTML: the page escapes them.
 */
export function snippetParts(text: string, terms: readonly string[]): SnippetPart[] {
  // The Russian stemmer only removes endings: a word can only have a term it starts with (and
  // «ё» where the term has «е»). The text is searched for such words by one expression, and only
  // they are stemmed; it is read no further than its first matched word and the snippet.
  const termSet = new Set(terms);
  const starts = terms.filter((term) => /^[\p{L}\p{N}]+$/u.test(term));
  const isMatch = (word: string) => {
    const folded = foldText(word);
    return starts.some((term) => folded.startsWith(term)) && termSet.has(stemmer(folded));
  };
  let start = 0;
  if (starts.length > 0) {
    const candidates = new RegExp(
      `(?<![\\p{L}\\p{N}])(?:${starts.map((term) => term.replaceAll("е", "[её]")).join("|")})[\\p{L}\\p{N}]*`,
      "giu",
    );
    for (const candidate of text.matchAll(candidates)) {
      if (!isMatch(candidate[0])) continue;
      // Up to `wordsBefore` whole words before it (the first of a cut piece may be cut too).
      const from = Math.max(0, candidate.index - 40 * wordsBefore);
      const before = [...text.slice(from, candidate.index).matchAll(wordPattern)];
      if (from > 0) before.shift();
      start = from + (before.slice(-wordsBefore)[0]?.index ?? candidate.index - from);
      break;
    }
  }
  const reader = new RegExp(wordPattern.source, "gu");
  reader.lastIndex = start;
  const words: RegExpExecArray[] = [];
  for (let word = reader.exec(text); word; word = reader.exec(text)) {
    words.push(word);
    if (words.length > wordsInSnippet) break;
  }
  if (words.length === 0) return [];
  const shown = words.slice(0, wordsInSnippet);
  const parts: SnippetPart[] = [];
  const push = (piece: string, marked: boolean) => {
    if (piece === "") return;
    const previous = parts.at(-1);
    if (previous && previous.marked === marked) previous.text += piece;
    else parts.push({ text: piece, marked });
  };
  if (/[\p{L}\p{N}]/u.test(text.slice(0, start))) push("… ", false);
  let cursor = shown[0]?.index ?? 0;
  for (const word of shown) {
    push(text.slice(cursor, word.index), false);
    push(word[0], isMatch(word[0]));
    cursor = word.index + word[0].length;
  }
  if (words.length > shown.length) push(" …", false);
  else push(text.slice(cursor), false);
  return parts.map((part) => ({ ...part, text: part.text.replace(/\s+/g, " ") }));
}
