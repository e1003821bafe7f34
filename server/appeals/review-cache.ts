/**
 * The public review of appeals (/appeals/review), rendered through the pages' door from counts the
 * server keeps for `reviewCacheMinutes`: however many visitors come, the store counts at most once per
 * that time per server, and never while a count is under way (concurrent visitors share it).
 */
import type { AppealsReview } from "../../domain/appeals/appeals-review.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import type { StatisticsService } from "../staff/statistics/statistics-service.ts";

export const reviewCacheMinutes = 10;

/** The review, counted again when older than the cache time or from another Kirov day. */
export function cachedReview(
  service: Pick<StatisticsService, "reviewOf">,
  now: () => Date = () => new Date(),
) {
  let cached: { at: number; day: string; review: Promise<AppealsReview> } | undefined;
  return (): Promise<AppealsReview> => {
    const time = now();
    const day = kirovIsoDate(time);
    if (!cached || cached.day !== day || time.getTime() - cached.at > reviewCacheMinutes * 60_000) {
      const review = service.reviewOf(day);
      const entry = { at: time.getTime(), day, review };
      cached = entry;
      // A failed count is not kept: the next visitor tries again.
      review.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return cached.review;
  };
}
