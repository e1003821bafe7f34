import type { NewsContent } from "../domain/site-content/news-content.ts";

/**
 * The build's announcements: none. The organisation publishes its own through the site editor
 * (/staff/site/news); until then /news says there are none and the home page shows no news block.
 */
export const defaultNews: NewsContent = { announcements: [] };

/** The words of the news pages. */
export const newsPage = {
  empty: "Новостей и объявлений пока нет.",
  allNews: "Все новости и объявления",
  feed: "Подписаться на новости (Atom)",
  backToList: "Все новости и объявления",
};
