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
    title: "Вакансии",
    headings: "",
    text: "Химик - агрохимик «Центра» & лаборант…",
  });
});

test("a page without a <title> is titled by its <h1>", () => {
  assert.equal(pageText("<main><h1>Контакты</h1><p>Адрес</p></main>").title, "Контакты");
});

// Issue 42: the snippets began with the services' tabs and a table's header row («Спецпредложения
// Все услуги Спецпредложения Юридическим лицам Анализ кормов . Все цены…»), and a sentence ran
// from one element into the next.
const specialOffer = [
  '<title>Спецпредложения — Центр</title><main><div class="page"><h1>Спецпредложения</h1>',
  '<nav class="services-tabs" aria-label="Разделы услуг"><ul><li><a href="/services">Все услуги</a></li>',
  '<li><a href="/services/special_offer" aria-current="page">Спецпредложения</a></li></ul></nav>',
  '<div role="tablist"><button role="tab">Вкладка</button><div>вложенный</div></div>',
  '<section><h2 id="l">Юридическим лицам</h2><table><caption>Анализ кормов<!-- -->. <!-- -->Все цены указаны с учётом НДС.</caption>',
  '<thead><tr><th scope="col">Пакет</th><th scope="col">Цена за образец, с НДС</th></tr></thead>',
  '<tbody><tr><th scope="row">Пакет № 1 «Эксперт»</th><td>2 106 ₽</td></tr></tbody></table>',
  '<h3>Отбор <span class="visually-hidden">скрыто </span>проб</h3><p aria-hidden="true">Таблицу можно прокрутить.</p>',
  "<ul><li>Скидка 10 %</li><li>Срок — до 10 дней</li></ul><dl><div><dt>Срок</dt><dd>3–5 дней</dd></div></dl>",
  '<form method="post"><label>Телефон</label><select><option>1 - Республика Адыгея</option></select></form>',
  "</section></div></main>",
].join("");

test("navigation, tabs, a table's header row, hidden text, a form's fields and the h1 are left out", () => {
  const { text } = pageText(specialOffer);
  for (const word of [
    "Все услуги",
    "Вкладка",
    "вложенный",
    "Пакет\n",
    "Цена за образец",
    "скрыто",
    "прокрутить",
    "Телефон",
    "Адыгея",
  ])
    assert.equal(text.includes(word), false, `«${word.trim()}» is not the page's text: ${text}`);
  assert.equal(text.startsWith("Юридическим лицам"), true, text);
});

test("each block is a line of its own; a row's cells and a term's definition are joined by « — »", () => {
  assert.deepEqual(pageText(specialOffer).text.split("\n"), [
    "Юридическим лицам",
    "Анализ кормов. Все цены указаны с учётом НДС.",
    "Пакет № 1 «Эксперт» — 2 106 ₽",
    "Отбор проб",
    "Скидка 10 %",
    "Срок — до 10 дней",
    "Срок — 3–5 дней",
  ]);
});

test("the h2 and h3 headings are a field of their own, the title is the page's name", () => {
  const { title, headings } = pageText(specialOffer);
  assert.equal(title, "Спецпредложения");
  assert.equal(headings, "Юридическим лицам\nОтбор проб");
});
