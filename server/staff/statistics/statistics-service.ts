/**
 * The statistics page's figures and the public review's, from the statistics repository: periods
 * of Kirov days turned into spans of receipt moments, then summed up by the domain's rules.
 */
import {
  type AppealsReview,
  reviewQuarterBuckets,
  summariseReview,
} from "../../../domain/appeals/appeals-review.ts";
import { addCalendarDays } from "../../../domain/calendar/calendar-day.ts";
import {
  type AppealStatistics,
  summariseStatistics,
} from "../../../domain/staff/appeal-statistics.ts";
import type { PeriodBucket, StatisticsPeriod } from "../../../domain/staff/statistics-period.ts";
import { startOfKirovDay } from "../../../domain/time/kirov-time.ts";
import type { StatisticsRepository, StatisticsSpan } from "../../db/statistics-repository.ts";

function momentOf(day: string): string {
  const start = startOfKirovDay(day);
  if (!start) throw new RangeError(`not a day: ${day}`);
  return start.toISOString();
}

/** The days from `first` to `last`, and the receipt moments they span, cut at each bucket. */
export function spanOf(
  first: string,
  last: string,
  buckets: readonly PeriodBucket[],
): StatisticsSpan {
  const bucketDays = buckets.slice(1).map((bucket) => bucket.first);
  // Whole months: from the first day's month (or the next, when it starts mid-month) to the
  // last day's month (or the one before, when it ends mid-month).
  // (The 1st of a month plus 32 days is always in the next month.)
  const from = first.endsWith("-01")
    ? first.slice(0, 7)
    : addCalendarDays(`${first.slice(0, 7)}-01`, 32).slice(0, 7);
  const endsMonth = addCalendarDays(last, 1).endsWith("-01");
  const to = endsMonth
    ? last.slice(0, 7)
    : addCalendarDays(`${last.slice(0, 7)}-01`, -1).slice(0, 7);
  return {
    first,
    last,
    wholeMonths: from <= to ? { from, to } : undefined,
    bucketDays,
    from: momentOf(first),
    to: momentOf(addCalendarDays(last, 1)),
    bucketMoments: bucketDays.map(momentOf),
  };
}

export function createStatisticsService(deps: { statistics: StatisticsRepository }) {
  return {
    async statisticsOf(period: StatisticsPeriod, today: string): Promise<AppealStatistics> {
      const counts = await deps.statistics.counts(
        spanOf(period.first, period.last, period.months),
        today,
      );
      return summariseStatistics(counts, period.months);
    },

    async reviewOf(today: string): Promise<AppealsReview> {
      const quarters = reviewQuarterBuckets(today);
      const span = spanOf(quarters[0]?.first ?? today, today, quarters);
      const [{ states }, lateCandidates] = await Promise.all([
        deps.statistics.breakdowns(span),
        deps.statistics.lateCandidates(span, { byBucket: true }),
      ]);
      return { rows: summariseReview({ states, lateCandidates }, quarters), countedOn: today };
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
