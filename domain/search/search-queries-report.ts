/**
 * «Что ищут на сайте» (issue 42, decision 0060): what editors and heads read of the counted
 * searches (server/search/search-query-counter.ts), and the port its page asks it of.
 */

/** A query's searches summed over the report's days. */
export type QueryTotal = { query: string; searches: number };

export type SearchQueriesReport = {
  /** The report's days, 'YYYY-MM-DD' (Kirov), first and last included. */
  first: string;
  last: string;
  /** The queries searched most, most first. */
  top: QueryTotal[];
  /** The queries that found nothing most often, with how many of their searches found nothing. */
  unanswered: QueryTotal[];
};

/** The days a report spans, today included. */
export const reportDays = 30;
/** The most queries each of its lists shows. */
export const reportRows = 50;

export type SearchQueriesPort = {
  /** The last `reportDays` days' report, with the counts not yet written written first. */
  report(): Promise<SearchQueriesReport>;
};
