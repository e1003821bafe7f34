import assert from "node:assert/strict";
import { test } from "node:test";
import {
  bestAnswerFieldName,
  checkSearchValues,
  readSearchValues,
  type SearchFormValues,
  searchForm,
  searchFormFields,
  synonymFieldName,
} from "./search-form.ts";

const values = (): SearchFormValues => ({
  synonyms: [
    { id: "sout", words: "СОУТ", means: "специальная оценка условий труда", bothWays: true },
    { id: "pay", words: "зарплата", means: "заработная плата", bothWays: false },
  ],
  bestAnswers: [{ id: "phone", query: "телефон", path: "/contacts" }],
});

test("both lists read back as posted, in order, the checkbox as a flag", () => {
  const read = readSearchValues(new URLSearchParams(searchFormFields(values())));
  assert.deepEqual(read, values());
  const content = checkSearchValues(read);
  assert.ok(content.ok);
  assert.deepEqual(content.content, values());
});

test("empty fields and a page that is no site address are refused by field, in Russian", () => {
  const typed = values();
  typed.synonyms[1] = { id: "pay", words: " ", means: "", bothWays: false };
  typed.bestAnswers = [
    { id: "a", query: "", path: "contacts" },
    { id: "b", query: "цены", path: "https://example.org/a b" },
  ];
  const refused = checkSearchValues(typed);
  assert.ok(!refused.ok);
  assert.deepEqual(refused.errors.byField, {
    [synonymFieldName(1, "words")]: "Укажите, что вводят посетители.",
    [synonymFieldName(1, "means")]: "Укажите, какие слова искать вместо них.",
    [bestAnswerFieldName(0, "query")]: "Укажите запрос.",
    [bestAnswerFieldName(0, "path")]: "Укажите адрес страницы сайта, например /contacts.",
    [bestAnswerFieldName(1, "path")]: "Укажите адрес страницы сайта, например /contacts.",
  });
  const twice = checkSearchValues({
    ...values(),
    bestAnswers: [...values().bestAnswers, ...values().bestAnswers],
  });
  assert.ok(!twice.ok);
  assert.deepEqual(twice.errors.general, ["Лучшие ответы повторяются."]);
});

test("the site's full address or a trailing slash pasted keeps the page's path", () => {
  const typed = values();
  typed.bestAnswers = [
    { id: "a", query: "телефон", path: " https://agrochem.example/contacts/ " },
    { id: "b", query: "главная", path: "/" },
  ];
  const read = checkSearchValues(typed);
  assert.ok(read.ok);
  assert.deepEqual(
    read.content.bestAnswers.map((answer) => answer.path),
    ["/contacts", "/"],
  );
});

test("each list's buttons change that list only; a list the form has not is no change", () => {
  const start = values();
  const synonyms = (changed: SearchFormValues | undefined) =>
    changed?.synonyms.map((synonym) => synonym.id).join();
  assert.equal(synonyms(searchForm.change(start, "down:s:0")), "pay,sout");
  assert.equal(synonyms(searchForm.change(start, "remove:s:1")), "sout");
  const added = searchForm.change(start, "add:s");
  assert.equal(added?.synonyms.at(-1)?.id, "synonym-3");
  assert.deepEqual(added?.bestAnswers, start.bestAnswers);
  const answer = searchForm.change(start, "add:b");
  assert.deepEqual(answer?.bestAnswers.at(-1), { id: "answer-2", query: "", path: "" });
  assert.deepEqual(answer?.synonyms, start.synonyms);
  assert.equal(searchForm.change(start, "remove:b:0")?.bestAnswers.length, 0);
  assert.equal(searchForm.change(start, "add"), undefined);
  assert.equal(searchForm.change(start, "add:r0"), undefined);
  assert.equal(searchForm.change(start, "save"), undefined);
});

test("an error's field is found on the page by its id, named in words", () => {
  assert.deepEqual(searchForm.place("s1.means"), {
    id: "search-s1-means",
    label: "Синоним 2, искать также",
  });
  assert.deepEqual(searchForm.place("b0.path"), {
    id: "search-b0-path",
    label: "Лучший ответ 1, страница",
  });
});
