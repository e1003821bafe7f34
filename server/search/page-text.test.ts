import assert from "node:assert/strict";
import { test } from "node:test";
import { pageText } from "./page-text.ts";

test("a page's text is its <main>'s words, without the bar, the menu, scripts and styles", () => {
  const html = [
    "<html><head><title>Вакансии — Центр</title><style>.a{}</style></head><body>",
    '<header><nav aria-label="Меню сайта"><a href="/">Главная</a></nav></header>',
    '<main id="content"><div class="page"><h1>Вакансии <!-- -->в центре</h1>',
    "<p>Химик&nbsp;-&#x20;агрохимик &laquo;Центра&raquo; &amp; лаборант&#8230;</p>",
    "<script>var x = 'скрипт';</script><svg><title>значок</title></svg></div></main>",
    "<footer>Телефон</footer></body></html>",
  ].join("");
  assert.deepEqual(pageText(html), {
    title: "Вакансии в центре",
    text: "Вакансии в центре Химик - агрохимик «Центра» & лаборант…",
  });
});

test("a page without a heading is titled by its <title>", () => {
  assert.equal(pageText("<title>Контакты</title><main><p>Адрес</p></main>").title, "Контакты");
});
