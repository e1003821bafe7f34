import assert from "node:assert/strict";
import { test } from "node:test";
import { buildSiteSearchIndex, maxResults, type SearchDocument } from "./site-search-index.ts";

const documents: SearchDocument[] = [
  {
    path: "/news/1",
    title: "Сроки приёма проб",
    section: "Новости и объявления",
    text: "Принимаем образцы для анализа почв до 1 декабря.",
  },
  {
    path: "/vacancies",
    title: "Вакансии",
    section: "Вакансии",
    text: "Открыта вакансия: химик-агрохимик в испытательный центр.",
  },
  {
    path: "/services/special_offer",
    title: "Пакет «Скважина»",
    section: "Цены",
    text: "Анализ воды. Для анализа нужна ёмкость на 1,5 литра.",
  },
  {
    path: "/news/2",
    title: "Емкость для проб",
    section: "Новости и объявления",
    text: "Пробы воды принимаются в чистой емкости.",
  },
  {
    path: "/applications",
    title: "Заявка на известкование кислых почв",
    section: "Бланки заявлений",
    text: "Прошу провести известкование.",
    fileUrl: "/forms/izvestkovanie-fosforitovanie.pdf",
  },
];
const index = buildSiteSearchIndex(documents);
const hitsOf = (query: string) => index.search(query).hits;
const paths = (query: string) => hitsOf(query).map((result) => result.path);

test("«анализ почвы» finds the text «анализа почв», with the matched words marked", () => {
  const [first, ...rest] = hitsOf("анализ почвы");
  assert.equal(first?.path, "/news/1");
  assert.equal(first?.title, "Сроки приёма проб");
  assert.equal(first?.section, "Новости и объявления");
  assert.deepEqual(
    first?.snippet.filter((part) => part.marked).map((part) => part.text),
    ["анализа", "почв"],
  );
  assert.equal(first?.missing, undefined, "it holds both words");
  // The price list has «анализа» but no soil, the form soils but no analysis: below, each with
  // the word it lacks named as typed.
  assert.deepEqual(rest.map((result) => `${result.path} ${result.missing}`).sort(), [
    "/applications анализ",
    "/services/special_offer почвы",
  ]);
});

test("«вакансии» finds «вакансия», and so does the typo «вакансиии»", () => {
  assert.deepEqual(paths("вакансии"), ["/vacancies"]);
  assert.deepEqual(paths("вакансиии"), ["/vacancies"]);
});

test("one typo in a long word still finds it: «агрохимк» finds «агрохимик», «известкоание» the form", () => {
  assert.deepEqual(paths("агрохимк"), ["/vacancies"]);
  assert.deepEqual(paths("агрохимик"), ["/vacancies"]);
  const [form] = hitsOf("известкоание");
  assert.equal(form?.path, "/applications");
  assert.equal(form?.fileUrl, "/forms/izvestkovanie-fosforitovanie.pdf");
  // Two typos are not one: nothing.
  assert.deepEqual(paths("агрхимк"), []);
});

test("«ё» and «е» match both ways", () => {
  assert.deepEqual(paths("ёмкость").sort(), ["/news/2", "/services/special_offer"]);
  assert.deepEqual(paths("емкость").sort(), ["/news/2", "/services/special_offer"]);
});

test("an empty query or one of spaces finds nothing", () => {
  assert.deepEqual(hitsOf(""), []);
  assert.deepEqual(hitsOf("   \t  "), []);
  assert.deepEqual(hitsOf("?!…"), []);
});

test("a query of 10 KB is read up to its first 200 characters, and answered", () => {
  assert.deepEqual(paths(`вакансия ${"агрохимик ".repeat(1000)}`), ["/vacancies"]);
  assert.deepEqual(paths("ж".repeat(10_240)), []);
});

test("the number of results is bounded", () => {
  const many = buildSiteSearchIndex(
    Array.from({ length: 120 }, (_, i) => ({
      path: `/news/${i + 1}`,
      title: `Объявление ${i + 1}`,
      section: "Новости и объявления",
      text: "Анализ почвы.",
    })),
  );
  assert.equal(many.search("почва").hits.length, 20);
  assert.equal(many.search("почва", { limit: 1000 }).hits.length, maxResults);
});
