/**
 * The public review of citizens' appeals (/appeals/review): per quarter, how many came, were
 * answered, forwarded, left without an answer, and answered on time. Counts only, never a person:
 * a count below 5 is written 'менее 5' (a small count in a small region can point at someone), a
 * count from which such a one could be worked out is written 'скрыто' (review-suppression.ts),
 * and the chart draws either as no bar. The server builds it from the store and keeps it for a
 * while (server/appeals/review-cache.ts); the route reads it through the pages' load context
 * (domain/pages/page-context.ts, `services.review`).
 */
import { addCalendarDays } from "../calendar/calendar-day.ts";
import { lateAnswers, type StatisticsCounts } from "../staff/appeal-statistics.ts";
import { type PeriodBucket, quarterOf } from "../staff/statistics-period.ts";
import {
  type PublishedCounts,
  smallCountLimit,
  suppressReviewCounts,
} from "./review-suppression.ts";

export { smallCountLimit };
export const smallCountText = "менее 5";
/** A count withheld because a small one could be worked out from it. */
export const withheldCountText = "скрыто";

/** How many quarters the review covers, the current one included. */
const reviewQuarters = 8;

/** A quarter as published: a count is null where it is withheld (review-suppression.ts). */
export type ReviewRow = { quarter: string } & PublishedCounts;

export type AppealsReview = {
  rows: ReviewRow[];
  /** The day the figures were counted on, 'YYYY-MM-DD' (Kirov). */
  countedOn: string;
};

export const reviewColumns: ReadonlyArray<[key: Exclude<keyof ReviewRow, "quarter">, string]> = [
  ["received", "Поступило"],
  ["answered", "Дан ответ"],
  ["forwarded", "Перенаправлено"],
  ["withoutAnswer", "Оставлено без ответа"],
  ["answeredOnTime", "Ответ дан в срок"],
];

const countFormat = new Intl.NumberFormat("ru-RU");

/** A count as the public page writes it: 'менее 5' below the limit, 'скрыто' when withheld. */
export function reviewCount(value: number | null): string {
  if (value === null) return withheldCountText;
  return value < smallCountLimit ? smallCountText : countFormat.format(value);
}

/** A count as the chart draws it: no bar for a count the page does not show as a number. */
export function reviewBar(value: number | null): { value: number; text: string } {
  return {
    value: value === null || value < smallCountLimit ? 0 : value,
    text: reviewCount(value),
  };
}

/** The review's quarters up to the one `today` is in, oldest first. */
export function reviewQuarterBuckets(today: string): PeriodBucket[] {
  const quarters = [quarterOf(today)];
  while (quarters.length < reviewQuarters) {
    const first = quarters[0]?.first ?? today;
    quarters.unshift(quarterOf(addCalendarDays(first, -1)));
  }
  return quarters;
}

export function summariseReview(
  counts: Pick<StatisticsCounts, "states" | "lateCandidates">,
  quarters: readonly PeriodBucket[],
): ReviewRow[] {
  return quarters.map((quarter, bucket) => {
    const rows = counts.states.filter((row) => row.bucket === bucket);
    const inState = (state: string) =>
      rows.filter((row) => row.state === state).reduce((sum, row) => sum + row.count, 0);
    const answered = inState("answered");
    const counted = {
      received: rows.reduce((sum, row) => sum + row.count, 0),
      answered,
      forwarded: inState("forwarded"),
      withoutAnswer: inState("without_answer"),
      answeredOnTime: answered - lateAnswers(counts.lateCandidates, bucket),
    };
    return { quarter: quarter.label, ...suppressReviewCounts(counted) };
  });
}
