import assert from "node:assert/strict";
import { test } from "node:test";
import {
  maxQueryLength,
  maxQueryWords,
  queryTerms,
  searchTerm,
  snippetParts,
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

test("the snippet shows the text around the first matched word and marks every matched word", () => {
  const text = `${"Вступление ".repeat(20)}Принимаем образцы для анализа почв до 1 декабря; анализы готовы через неделю.`;
  const parts = snippetParts(text, queryTerms("анализ почвы"));
  assert.deepEqual(
    parts.filter((part) => part.marked).map((part) => part.text),
    ["анализа", "почв", "анализы"],
  );
  assert.equal(parts[0]?.text.startsWith("…"), true);
  assert.equal(
    parts
      .map((part) => part.text)
      .join("")
      .endsWith("через неделю."),
    true,
  );
});

test("a snippet of a text without the words is its beginning, cut with «…»", () => {
  const parts = snippetParts(`${"Слово ".repeat(50)}конец.`, ["вакансия"]);
  assert.equal(parts.length, 1);
  assert.equal(parts[0]?.marked, false);
  assert.match(parts[0]?.text ?? "", /^Слово Слово .* …$/);
  assert.deepEqual(snippetParts("", ["вакансия"]), []);
});

test("the snippet marks a word with «ё» for a query with «е», and one with «е» for «ё»", () => {
  const marked = (text: string, query: string) =>
    snippetParts(text, queryTerms(query))
      .filter((part) => part.marked)
      .map((part) => part.text);
  assert.deepEqual(marked("Нужна Ёмкость на 1,5 литра и ещё одна емкость.", "емкость"), [
    "Ёмкость",
    "емкость",
  ]);
  assert.deepEqual(marked("Чистая емкостью для воды.", "ёмкости"), ["емкостью"]);
});

test("the snippet starts at a whole matched word, not at the same letters inside another word", () => {
  const text = `Провод ${"слово ".repeat(20)}Вода чистая.`;
  const parts = snippetParts(text, queryTerms("вода"));
  assert.equal(parts[0]?.text.startsWith("… слово"), true);
  assert.deepEqual(
    parts.filter((part) => part.marked).map((part) => part.text),
    ["Вода"],
  );
});
