/**
 * What editors keep for the site's search (issue 42), as staff edit it on «Поиск по сайту»:
 * synonyms and abbreviations («СОУТ» = «специальная оценка условий труда»), and best answers (a
 * page pinned to a query and its close forms, shown first and marked). Published like any page's
 * content (edition, approval, history); the search reads what is published on every server.
 */
import { z } from "zod";
import { itemIdPattern } from "../text/patterns.ts";
import { requiredText } from "./typed-text.ts";

/** The most synonyms and best answers kept: enough for a site of this size, each cheap to apply. */
export const maxSearchSynonyms = 200;
export const maxBestAnswers = 100;

/**
 * One synonym: what a visitor types (`words`, one word or several) is searched as well as
 * `means` (the words the site's pages use); `bothWays` also searches `words` for `means`.
 */
export const searchSynonymSchema = z.object({
  id: z.string().regex(itemIdPattern, "Неверный идентификатор синонима."),
  words: requiredText(100, "Укажите, что вводят посетители."),
  means: requiredText(200, "Укажите, какие слова искать вместо них."),
  bothWays: z.boolean(),
});

export type SearchSynonym = z.infer<typeof searchSynonymSchema>;

/** A page of the site by its address: '/contacts', '/news/12', '/services/special_offer'. */
const sitePathPattern = /^\/(?:[a-z0-9_-]+(?:\/[a-z0-9_-]+)*)?$/;

/** One best answer: the page shown first, marked «Лучший ответ», for the query and its forms. */
export const bestAnswerSchema = z.object({
  id: z.string().regex(itemIdPattern, "Неверный идентификатор лучшего ответа."),
  query: requiredText(100, "Укажите запрос."),
  path: requiredText(200, "Укажите адрес страницы.").pipe(
    z.string().regex(sitePathPattern, "Укажите адрес страницы сайта, например /contacts."),
  ),
});

export type BestAnswer = z.infer<typeof bestAnswerSchema>;

const distinctIds = (items: readonly { id: string }[]) =>
  new Set(items.map((item) => item.id)).size === items.length;

export const searchContentSchema = z
  .object({
    synonyms: z
      .array(searchSynonymSchema)
      .max(maxSearchSynonyms, `Не больше ${maxSearchSynonyms} синонимов.`),
    bestAnswers: z
      .array(bestAnswerSchema)
      .max(maxBestAnswers, `Не больше ${maxBestAnswers} лучших ответов.`),
  })
  .refine((content) => distinctIds(content.synonyms), "Синонимы повторяются.")
  .refine((content) => distinctIds(content.bestAnswers), "Лучшие ответы повторяются.");

export type SearchContent = z.infer<typeof searchContentSchema>;
