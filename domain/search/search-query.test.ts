import assert from "node:assert/strict";
import { test } from "node:test";
import type { SearchContent } from "../site-content/search-content.ts";
import {
  holdsConcept,
  noSearchSettings,
  parseQuery,
  prepareSearchSettings,
} from "./search-query.ts";
import { searchTerm } from "./search-text.ts";

const content: SearchContent = {
  synonyms: [
    { id: "sout", words: "СОУТ", means: "специальная оценка условий труда", bothWays: true },
    { id: "salary", words: "зарплата", means: "заработная плата", bothWays: false },
  ],
  bestAnswers: [
    { id: "a", query: "Телефон", path: "/contacts" },
    { id: "b", query: "как подать обращение", path: "/appeals" },
    { id: "c", query: "подать обращение", path: "/appeals/procedure" },
  ],
};
const settings = prepareSearchSettings(content);
const t = (words: string) => words.split(" ").map(searchTerm);

test("common words are not concepts; a query of nothing else is searched as typed", () => {
  assert.deepEqual(
    parseQuery("сколько стоит анализ воды", noSearchSettings).concepts.map((c) => c.typed),
    ["стоит", "анализ", "воды"],
  );
  assert.deepEqual(
    parseQuery("как", noSearchSettings).concepts.map((c) => c.typed),
    ["как"],
  );
  assert.deepEqual(parseQuery("  ?! ", noSearchSettings).concepts, []);
});

test("a synonym makes its `means` an alternative of the concepts it covers, in any form", () => {
  const [salary, chemist] = parseQuery("Зарплаты химика", settings).concepts;
  assert.deepEqual(salary?.alternatives, [t("заработная плата")]);
  assert.deepEqual(chemist?.alternatives, []);
  assert.equal(holdsConcept(salary as never, new Set(t("заработная плата"))), true);
  assert.equal(holdsConcept(salary as never, new Set(t("плата"))), false, "all of `means`");
  assert.equal(holdsConcept(salary as never, new Set(t("зарплата"))), true);
});

test("`bothWays` maps `means` back to `words`; one way does not", () => {
  const [soil, ...rest] = parseQuery("соут", settings).concepts;
  assert.deepEqual(soil?.alternatives, [t("специальная оценка условий труда")]);
  assert.equal(rest.length, 0);
  // Typed the other way round and in other forms: every word it covers gets «соут».
  const back = parseQuery("оценка условий труда специальная", settings);
  assert.ok(back.concepts.every((concept) => concept.alternatives.some((a) => a[0] === "соут")));
  // Not both ways: «заработная плата» is not searched as «зарплата».
  const salary = parseQuery("заработная плата", settings);
  assert.ok(salary.concepts.every((concept) => concept.alternatives.length === 0));
  // Part of `words` is not enough.
  assert.ok(
    parseQuery("оценка труда", settings).concepts.every((c) => c.alternatives.length === 0),
  );
});

test("a best answer applies to its query's meaningful words as a set, in any form and order", () => {
  assert.deepEqual(parseQuery("телефоны", settings).bestAnswerPaths, ["/contacts"]);
  // «как подать обращение» and «подать обращение» have the same words: both answers, in order.
  assert.deepEqual(parseQuery("обращение подать", settings).bestAnswerPaths, [
    "/appeals",
    "/appeals/procedure",
  ]);
  assert.deepEqual(parseQuery("телефон директора", settings).bestAnswerPaths, []);
  assert.deepEqual(parseQuery("подать", settings).bestAnswerPaths, []);
});
