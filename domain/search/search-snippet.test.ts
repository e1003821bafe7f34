import assert from "node:assert/strict";
import { test } from "node:test";
import { snippetParts } from "./search-snippet.ts";
import { queryTerms } from "./search-text.ts";

const shown = (parts: { text: string }[]) => parts.map((part) => part.text).join("");
const marked = (parts: { text: string; marked: boolean }[]) =>
  parts.filter((part) => part.marked).map((part) => part.text);

test("the snippet is the sentence holding the most query words, not the text's beginning", () => {
  // Issue 42: the old snippet began some words before the first matched word, wherever it was.
  const text = [
    "Спецпредложения Все услуги Анализ кормов",
    "Анализ кормов проводим за 10 дней. Образцы принимаем по будням. Цены на анализ кормов указаны с НДС и действуют весь год.",
  ].join("\n");
  const parts = snippetParts(text, queryTerms("цены анализ кормов"));
  assert.equal(shown(parts), "Цены на анализ кормов указаны с НДС и действуют весь год.");
  assert.deepEqual(marked(parts), ["Цены", "анализ", "кормов"]);
});

test("a sentence never runs into the next line (another block of the page)", () => {
  const text = `${"Длинная строка про воду и про почву без точки в конце ".repeat(2)}\nДругой блок со словом почва.`;
  const parts = snippetParts(text, queryTerms("почва"));
  assert.equal(shown(parts).includes("Другой блок"), false);
});

test("a short line (a heading) is shown with the line after it", () => {
  const parts = snippetParts("Телефон\n(8332) 00-00-00\nСотрудники", queryTerms("телефон"));
  assert.equal(shown(parts), "Телефон (8332) 00-00-00");
});

test("a long sentence is cut around its first matched word, with «…» where it is cut", () => {
  const text = `${"Вступление ".repeat(20)}Принимаем образцы для анализа почв до 1 декабря; анализы готовы через неделю${", и ещё слова".repeat(20)}.`;
  const parts = snippetParts(text, queryTerms("анализ почвы"));
  assert.deepEqual(marked(parts), ["анализа", "почв", "анализы"]);
  assert.equal(parts[0]?.text.startsWith("… "), true);
  assert.equal(shown(parts).endsWith(" …"), true);
  assert.ok(shown(parts).length <= 210, `about 200 characters: ${shown(parts).length}`);
});

test("a text without the words shows its first sentence, cut with «…» when too long", () => {
  const parts = snippetParts(`${"Слово ".repeat(50)}конец.`, ["вакансия"]);
  assert.equal(parts.length, 1);
  assert.equal(parts[0]?.marked, false);
  assert.match(parts[0]?.text ?? "", /^Слово Слово .* …$/);
  assert.deepEqual(snippetParts("", ["вакансия"]), []);
});

test("the snippet marks a word with «ё» for a query with «е», and one with «е» for «ё»", () => {
  const of = (text: string, query: string) => marked(snippetParts(text, queryTerms(query)));
  assert.deepEqual(of("Нужна Ёмкость на 1,5 литра и ещё одна емкость.", "емкость"), [
    "Ёмкость",
    "емкость",
  ]);
  assert.deepEqual(of("Чистая емкостью для воды.", "ёмкости"), ["емкостью"]);
});

test("a whole matched word is marked, not the same letters inside another word", () => {
  const text = `Провод ${"слово ".repeat(40)}Вода чистая.`;
  const parts = snippetParts(text, queryTerms("вода"));
  assert.equal(parts[0]?.text.startsWith("… слово"), true);
  assert.deepEqual(marked(parts), ["Вода"]);
});

test("a text whose lower case is longer (a Turkish «İ») is read word by word, with the same marks", () => {
  const of = (text: string, query: string) => marked(snippetParts(text, queryTerms(query)));
  assert.deepEqual(of("İzmir: анализ почвы и Анализы воды.", "анализ"), ["анализ", "Анализы"]);
  assert.deepEqual(of("Анализ почвы и анализы воды.", "анализ"), ["Анализ", "анализы"]);
});
