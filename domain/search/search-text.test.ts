import assert from "node:assert/strict";
import { test } from "node:test";
import {
  maxQueryLength,
  maxQueryWords,
  queryTerms,
  queryWords,
  searchTerm,
  typoDistance,
} from "./search-text.ts";

test("a word and its other forms have one term: case, endings and «ё» do not matter", () => {
  assert.equal(searchTerm("Анализа"), searchTerm("анализ"));
  assert.equal(searchTerm("почв"), searchTerm("почвы"));
  assert.equal(searchTerm("вакансия"), searchTerm("вакансии"));
  assert.equal(searchTerm("ёмкость"), searchTerm("Емкость"));
  assert.notEqual(searchTerm("почва"), searchTerm("вода"));
});

test("a query's terms: distinct, from its first 200 characters, at most 12", () => {
  assert.deepEqual(queryTerms("  Анализ почвы, анализы почв! "), ["анализ", "почв"]);
  assert.deepEqual(queryTerms(" \t\n "), []);
  assert.deepEqual(queryTerms("«—» ... !!"), []);
  const long = Array.from({ length: 3000 }, (_, i) => `слово${i}`).join(" ");
  const terms = queryTerms(long);
  assert.equal(terms.length, maxQueryWords);
  assert.ok(terms.every((term) => long.slice(0, maxQueryLength).includes(term)));
  assert.equal(maxQueryLength, 200);
  // A word cut at the 200th character is left out, not searched as a fragment.
  assert.deepEqual(queryTerms(`${"вода ".repeat(39)}почвы`), ["вод", "почв"]);
  assert.deepEqual(queryTerms(`${"вода ".repeat(40)}почвы`), ["вод"]);
  assert.deepEqual(queryTerms("я".repeat(10_240)), []);
});

test("one typo is tolerated in a stem of five letters or more, none in a shorter one", () => {
  assert.equal(typoDistance(searchTerm("агрохимик")), 1);
  assert.equal(typoDistance(searchTerm("почвы")), 0);
});

test("a query's words keep how they were typed beside their terms, the first of each term", () => {
  assert.deepEqual(queryWords("Сколько СТОИТ анализ, анализы"), [
    { typed: "Сколько", term: searchTerm("сколько") },
    { typed: "СТОИТ", term: searchTerm("стоит") },
    { typed: "анализ", term: searchTerm("анализ") },
  ]);
});
