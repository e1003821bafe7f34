/**
 * The search's synonyms and best answers the site starts with (issue 42): what visitors type
 * that the pages word otherwise. Editors keep them on «Поиск по сайту» from then on. A synonym
 * applies when the query holds all of its `words` (any order, any form); common words («как»,
 * «на») are ignored on both sides (domain/search/search-query.ts).
 */
import type { SearchContent } from "../domain/site-content/search-content.ts";

export const defaultSearchSettings: SearchContent = {
  synonyms: [
    {
      id: "sout",
      words: "СОУТ",
      means: "специальная оценка условий труда",
      bothWays: true,
    },
    { id: "salary", words: "зарплата", means: "заработная плата", bothWays: false },
    // The vacancies page names the pay in roubles a month, not by a word.
    { id: "salary-vacancies", words: "зарплата", means: "вакансии", bothWays: false },
    { id: "job", words: "работа", means: "вакансии", bothWays: false },
    { id: "phone", words: "телефон", means: "контакты", bothWays: false },
    { id: "management", words: "руководство", means: "руководитель", bothWays: false },
    { id: "management-director", words: "руководство", means: "директор", bothWays: false },
    { id: "prices", words: "цены", means: "стоимость", bothWays: true },
    { id: "costs", words: "стоит", means: "цена", bothWays: false },
    { id: "route", words: "проехать", means: "как нас найти", bothWays: false },
    { id: "status", words: "статус", means: "состояние", bothWays: false },
    { id: "submit", words: "подать", means: "направить", bothWays: false },
    { id: "requisites", words: "ИНН", means: "реквизиты", bothWays: false },
  ],
  bestAnswers: [
    { id: "phone", query: "телефон", path: "/contacts" },
    { id: "appeal", query: "подать обращение", path: "/appeals" },
    { id: "prices", query: "цены", path: "/services/special_offer" },
    // The contacts page names the e-mail only in its table's header row, which is not searched.
    { id: "email", query: "электронная почта", path: "/contacts" },
  ],
};
