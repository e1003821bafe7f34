/**
 * «Проверить до» of the editable pages (issue 43): each page's day as last set, and when each
 * page was last published, which moves the day on by itself (domain/site-content/review-date.ts).
 */
import type { StoredReviewDate } from "../../domain/site-content/review-date.ts";
import { type Database, isoMoment, nullableText, type SqlExecutor } from "./database.ts";

export type StoredPageReviewDate = StoredReviewDate & {
  /** Who set it; null when the feature set it on first seeing the page. */
  setBy: string | null;
};

export function createReviewDatesRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;
  return {
    /** Every page's stored day, by page. */
    async stored(tx?: SqlExecutor): Promise<Map<string, StoredPageReviewDate>> {
      const rows = await on(tx).all(
        "SELECT page, review_by, set_at, set_by FROM site_review_dates",
      );
      return new Map(
        rows.map((row) => [
          String(row.page),
          {
            reviewBy: String(row.review_by),
            setAt: isoMoment(row.set_at),
            setBy: nullableText(row.set_by),
          },
        ]),
      );
    },

    /** When each page was last published (a restore counts), by page. */
    async lastPublished(tx?: SqlExecutor): Promise<Map<string, string>> {
      const rows = await on(tx).all(
        `SELECT page, MAX(published_at) AS published_at FROM site_editions
         WHERE state IN ('published', 'superseded') AND published_at IS NOT NULL
         GROUP BY page`,
      );
      return new Map(rows.map((row) => [String(row.page), isoMoment(row.published_at)]));
    },

    /**
     * The day of a page the feature sees for the first time; another server that wrote it first
     * keeps its own.
     */
    async firstSeen(page: string, reviewBy: string, at: Date, tx?: SqlExecutor): Promise<void> {
      await on(tx).run(
        `INSERT INTO site_review_dates (page, review_by, set_at, set_by) VALUES (?, ?, ?, NULL)
         ON CONFLICT (page) DO NOTHING`,
        [page, reviewBy, at.toISOString()],
      );
    },

    /** The page's day as an editor or a review sets it. */
    async set(page: string, reviewBy: string, by: string, at: Date, tx?: SqlExecutor) {
      await on(tx).run(
        `INSERT INTO site_review_dates (page, review_by, set_at, set_by) VALUES (?, ?, ?, ?)
         ON CONFLICT (page) DO UPDATE SET review_by = excluded.review_by,
           set_at = excluded.set_at, set_by = excluded.set_by`,
        [page, reviewBy, at.toISOString(), by],
      );
    },
  };
}
