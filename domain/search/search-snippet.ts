/**
 * A result's snippet (issue 42): the sentence of the page's text holding the most of the words a
 * search matched, with the next one when both fit (or after a short line: a heading), about 200
 * characters, each matched word marked, «…» where a sentence is cut. A sentence never runs across the text's lines (one per block: a
 * paragraph, an item, a table's row; server/search/page-text.ts). Structured parts, never HTML.
 */
import { stemmer } from "@orama/stemmers/russian";
import { foldText, type SnippetPart } from "./search-text.ts";

/** About how long a snippet is, in characters. */
const snippetLength = 200;
/** The most characters of a text a snippet is looked for in, and the most matched words weighed. */
const readAtMost = 30_000;
const wordsAtMost = 200;
/** A line shorter than this is shown with the next one. */
const shortLine = 60;
/** Characters kept before the first marked word of a sentence cut to fit. */
const keptBefore = 60;

type Span = { start: number; end: number };

/**
 * The sentence around `at`: within its line, from the end of the sentence before (a «.», «!», «?»
 * or «…» and a space before a word not in lower case) to its own end. Found where it is needed:
 * a long text (a PDF's) is not split whole for a snippet.
 */
function sentenceAt(text: string, at: number): Span {
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  let lineEnd = text.indexOf("\n", at);
  if (lineEnd < 0) lineEnd = text.length;
  const ends = /[.!?…]+\s+(?=[^\s\p{Ll}])/gu;
  ends.lastIndex = lineStart;
  let start = lineStart;
  for (let end = ends.exec(text); end && end.index < lineEnd; end = ends.exec(text)) {
    const sentenceEnd = end.index + end[0].trimEnd().length;
    if (sentenceEnd > at) return { start, end: Math.min(sentenceEnd, lineEnd) };
    start = end.index + end[0].length;
  }
  return { start, end: lineEnd };
}

type Matched = { at: number; end: number; term: string };

/**
 * The matched words of `text` from `from` to `to`, at most `limit`: where each is and its term. The
 * Russian stemmer only removes endings, so a word can only have a term it starts with: one
 * expression finds such words, and only they are stemmed. (Looking for each term with `indexOf`
 * in the folded text instead was 3 to 4 times slower once warm: 102–159 ms against 34–35 ms for
 * the same 6,276 texts and queries of bench/search-corpus.ts.)
 */
function matchedWords(
  text: string,
  terms: readonly string[],
  from = 0,
  to = text.length,
  limit = Number.POSITIVE_INFINITY,
): Matched[] {
  const termSet = new Set(terms);
  const starts = terms.filter((term) => /^[\p{L}\p{N}]+$/u.test(term));
  const found: Matched[] = [];
  if (starts.length === 0) return found;
  const candidates = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${starts.map((term) => term.replaceAll("е", "[её]")).join("|")})[\\p{L}\\p{N}]*`,
    "giu",
  );
  candidates.lastIndex = from;
  for (let candidate = candidates.exec(text); candidate; candidate = candidates.exec(text)) {
    const end = candidate.index + candidate[0].length;
    if (end > to) break;
    const term = stemmer(foldText(candidate[0]));
    if (termSet.has(term)) found.push({ at: candidate.index, end, term });
    if (found.length >= limit) break;
  }
  return found;
}

/** The first sentence after `end` (past spaces and line breaks), or undefined at the text's end. */
function sentenceAfter(text: string, end: number): Span | undefined {
  const next = /\S/gu;
  next.lastIndex = end;
  const found = next.exec(text);
  return found ? sentenceAt(text, found.index) : undefined;
}

/** The piece of `text` that shows best why it was found, its words of `terms` marked. */
export function snippetParts(text: string, terms: readonly string[]): SnippetPart[] {
  // A long text (a PDF's) is read up to `readAtMost`, its first `wordsAtMost` matched words
  // weighed: a snippet costs about the same for any length.
  const read = text.length > readAtMost ? text.slice(0, readAtMost) : text;
  const first = sentenceAfter(read, 0);
  if (!first) return [];
  // The sentence holding the most distinct terms; the first of equals; the text's first if none.
  const wanted = new Set(terms).size;
  let chosen = first;
  let bestCount = 0;
  let current: Span | undefined;
  let inside = new Set<string>();
  for (const word of matchedWords(read, terms, 0, read.length, wordsAtMost)) {
    if (!current || word.at >= current.end) {
      current = sentenceAt(read, word.at);
      inside = new Set();
    }
    inside.add(word.term);
    if (inside.size > bestCount) {
      chosen = current;
      bestCount = inside.size;
      if (bestCount === wanted) break;
    }
  }
  let { start, end } = chosen;
  // The next sentence too when both fit: on the same line, or on the next one after a short
  // line (a heading, a row's name), which alone would say little.
  const next = sentenceAfter(read, end);
  const sameLine = next !== undefined && !read.slice(end, next.start).includes("\n");
  if (next && (sameLine || end - start < shortLine) && next.end - start <= snippetLength)
    end = next.end;
  const marked = matchedWords(read, terms, start, end);
  let cutBefore = false;
  let cutAfter = false;
  if (end - start > snippetLength + 20) {
    const firstMarked = marked[0];
    const from = firstMarked ? Math.max(start, firstMarked.at - keptBefore) : start;
    const wordStart = from === start ? start : wordBoundaryAfter(read, from);
    cutBefore = wordStart > start;
    start = wordStart;
    const to = Math.min(end, start + snippetLength);
    if (to < end) {
      end = wordBoundaryBefore(read, to, start);
      cutAfter = true;
    }
  }
  const parts: SnippetPart[] = [];
  const push = (piece: string, marked: boolean) => {
    if (piece === "") return;
    const previous = parts.at(-1);
    if (previous && previous.marked === marked) previous.text += piece;
    else parts.push({ text: piece, marked });
  };
  if (cutBefore) push("… ", false);
  let cursor = start;
  for (const word of marked) {
    if (word.at < start || word.end > end) continue;
    push(read.slice(cursor, word.at), false);
    push(read.slice(word.at, word.end), true);
    cursor = word.end;
  }
  push(read.slice(cursor, end), false);
  if (cutAfter) push(" …", false);
  return parts.map((part) => ({ ...part, text: part.text.replace(/\s+/g, " ") }));
}

/** The start of the first whole word at or after `at`. */
function wordBoundaryAfter(text: string, at: number): number {
  const inWord = at > 0 && /[\p{L}\p{N}]/u.test(text[at - 1] ?? "");
  // Inside a word: past its rest and the spaces after it; else past the spaces.
  const next = inWord ? /\S*\s+(?=\S)/gu : /\s*(?=\S)/gu;
  next.lastIndex = at;
  return next.exec(text) ? next.lastIndex : at;
}

/** The end of the last whole word before `at` (after `min`). */
function wordBoundaryBefore(text: string, at: number, min: number): number {
  let end = at;
  if (/[\p{L}\p{N}]/u.test(text[at] ?? "")) {
    while (end > min && /[\p{L}\p{N}]/u.test(text[end - 1] ?? "")) end--;
  }
  while (end > min && /[\s,;:—–-]/u.test(text[end - 1] ?? "")) end--;
  return end;
}
