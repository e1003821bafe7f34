// Issue 42: how the index ranks what a visitor types: common words ignored, pages holding all the
// meaningful words before those holding more, before those holding fewer (each naming the words it
// lacks), titles and headings above the text, the editors' synonyms and best answers.
import assert from "node:assert/strict";
import { test } from "node:test";
import { prepareSearchSettings } from "../../domain/search/search-query.ts";
import { buildSiteSearchIndex, type SearchDocument } from "./site-search-index.ts";

const page = (path: string, title: string, text: string, headings = ""): SearchDocument => ({
  path,
  title,
  section: "",
  headings,
  text,
});

const index = buildSiteSearchIndex([
  page("/services", "Услуги", "Анализ воды из скважин и колодцев. Анализ кормов и почв."),
  page(
    "/services/special_offer",
    "Спецпредложения",
    "Анализ воды: пакет «Скважина». Цена 996 ₽.",
    "Пакет «Скважина»",
  ),
  page("/vacancies", "Вакансии", "Химик-агрохимик. Заработная плата 45 000 ₽ в месяц."),
  page(
    "/special-assessment",
    "Результаты специальной оценки условий труда",
    "Результаты пока не опубликованы.",
  ),
  page("/contacts", "Контакты", "Адрес и режим работы.", "Телефон\nАдрес"),
  page(
    "/appeals",
    "Обращения граждан",
    "Правила приёма обращений: телефон для справок, адрес, часы работы, номер телефона приёмной.",
  ),
  page("/news/1", "Новости", "Список: вода, почва, телефон, адрес, удобрения, семена."),
]);
const settings = prepareSearchSettings({
  synonyms: [
    { id: "s", words: "соут", means: "специальная оценка условий труда", bothWays: true },
    { id: "z", words: "зарплата", means: "заработная плата", bothWays: false },
    { id: "c", words: "стоит", means: "цена", bothWays: false },
  ],
  bestAnswers: [
    { id: "1", query: "телефон", path: "/contacts" },
    { id: "2", query: "телефоны", path: "/no-such-page" },
    { id: "3", query: "телефон", path: "/appeals" },
  ],
});
const hits = (query: string, withSettings = true) =>
  index.search(query, withSettings ? { settings } : {}).hits;
const paths = (query: string, withSettings = true) =>
  hits(query, withSettings).map((hit) => hit.path);

test("common words are ignored: «как», «на», «сколько» need not be on the page", () => {
  // Before issue 42 every word was required: these found nothing.
  assert.equal(paths("анализ на воду", false)[0], "/services");
  assert.equal(paths("как анализ воды", false).length > 0, true);
});

test("a query of common words only is searched as typed", () => {
  const found = buildSiteSearchIndex([page("/a", "Как нас найти", "Адрес.")]).search("как").hits;
  assert.deepEqual(
    found.map((hit) => hit.path),
    ["/a"],
  );
});

test("pages holding all the words come first, then those holding some, naming the words missing", () => {
  const found = hits("сколько стоит анализ воды", false);
  const all = found.filter((hit) => !hit.missing);
  assert.deepEqual(all, [], "no page holds «стоит» without the synonym");
  assert.deepEqual(
    found
      .slice(0, 2)
      .map((hit) => `${hit.path} ${hit.missing}`)
      .sort(),
    ["/services стоит", "/services/special_offer стоит"],
  );
  // Holding more words ranks above holding fewer, whatever the score: /news/1 has «вода» only.
  const ranks = found.map((hit) => hit.missing?.length ?? 0);
  assert.deepEqual(
    ranks,
    [...ranks].sort((a, b) => a - b),
  );
  assert.deepEqual(found.find((hit) => hit.path === "/news/1")?.missing, ["стоит", "анализ"]);
  // With the synonym «стоит» → «цена», the page with the price holds every word.
  const priced = hits("сколько стоит анализ воды")[0];
  assert.equal(priced?.path, "/services/special_offer");
  assert.equal(priced?.missing, undefined);
});

test("nothing is found only when no meaningful word is anywhere", () => {
  assert.deepEqual(paths("сколько весит квазар"), []);
  assert.deepEqual(paths("анализ квазаров")[0], "/services");
});

test("a title's or a heading's word ranks its page above one that lists the word in its text", () => {
  const filler = "Учреждение работает для сельхозпроизводителей области много лет подряд. ".repeat(
    6,
  );
  const pages = buildSiteSearchIndex([
    page("/list", "Новости", "Список: вода, почва, удобрения, адрес, семена."),
    // The page's text holds its heading's line too, as page-text.ts reads it.
    page("/contacts", "Контакты", `Адрес\n${filler} Киров, ул. Примерная, д. 1.`, "Адрес"),
    page("/wells", "Пакет «Скважина»", `${filler} Для анализа нужна скважина.`),
    page("/services", "Услуги", "Анализ воды из скважины, почвы, кормов."),
  ]);
  // Before issue 42 a heading was the text's word like any other: the short list came first
  // (checked with this page's headings left out: /list, then /contacts).
  assert.equal(pages.search("адрес").hits[0]?.path, "/contacts");
  assert.equal(pages.search("скважина").hits[0]?.path, "/wells");
});

test("a synonym finds the page wording it otherwise, both ways when told so", () => {
  assert.deepEqual(paths("соут", false), []);
  assert.equal(paths("СОУТ")[0], "/special-assessment");
  assert.equal(paths("зарплата химика")[0], "/vacancies");
  assert.equal(hits("зарплата химика")[0]?.missing, undefined, "the synonym holds «зарплата»");
  // Both ways: the page would say «СОУТ», the query the words in full.
  const abbreviated = buildSiteSearchIndex([page("/x", "Итоги СОУТ", "Опубликованы.")]);
  assert.deepEqual(
    abbreviated.search("специальная оценка условий труда", { settings }).hits.map((h) => h.path),
    ["/x"],
  );
});

test("best answers come first, marked, in the editors' order; one to no page is dropped", () => {
  const found = hits("Телефоны");
  assert.deepEqual(
    found.slice(0, 2).map((hit) => [hit.path, hit.bestAnswer]),
    [
      ["/contacts", true],
      ["/appeals", true],
    ],
  );
  assert.equal(found[0]?.title, "Контакты", "titled by the indexed page");
  assert.equal(found.filter((hit) => hit.path === "/appeals").length, 1, "not listed twice");
  assert.equal(
    found.some((hit) => hit.path === "/no-such-page"),
    false,
  );
  assert.equal(
    hits("телефон приёмной").some((hit) => hit.bestAnswer),
    false,
  );
});
