/**
 * «Проверить до» on this server (issue 43): each editable page's day worked out from what is
 * stored and when the page was last published (domain/site-content/review-date.ts), an editor's
 * own day, and «Проверено, без изменений», each audited like the site's other actions.
 */

import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import {
  effectiveReviewDate,
  type PageReviewDate,
  pastReviewDate,
  readReviewDate,
  reviewDayAfter,
  type SiteReviewPort,
} from "../../domain/site-content/review-date.ts";
import { type EditablePage, editablePages } from "../../domain/site-content/site-editions.ts";
import { can } from "../../domain/staff/staff-roles.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { eventEntry } from "../db/audit-repository.ts";
import type { DataLayer } from "../db/data-layer.ts";

const notFound = { ok: false, status: 404, message: "Страница не найдена." } as const;

export type ReviewDates = SiteReviewPort & {
  /** Every editable page's day on the day of `at`, those past it first (the monthly mail's). */
  current(at: Date): Promise<PageReviewDate[]>;
};

export function createReviewDates(deps: {
  data: Pick<DataLayer, "transaction" | "reviewDates" | "audit">;
  now?: () => Date;
}): ReviewDates {
  const { data } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = data.reviewDates;

  async function current(at: Date): Promise<PageReviewDate[]> {
    const [stored, published] = await Promise.all([
      repository.stored(),
      repository.lastPublished(),
    ]);
    const today = kirovIsoDate(at);
    const pages: PageReviewDate[] = [];
    for (const page of Object.keys(editablePages) as EditablePage[]) {
      let reviewBy = effectiveReviewDate(stored.get(page), published.get(page) ?? null);
      if (reviewBy === undefined) {
        // The build's content, never published: counted from the day this feature first saw the
        // page (stored then, so the day does not move on with every look at the list).
        reviewBy = reviewDayAfter(at);
        await repository.firstSeen(page, reviewBy, at);
      }
      const { title } = editablePages[page];
      pages.push({ page, title, reviewBy, due: pastReviewDate(reviewBy, today) });
    }
    return pages.sort(
      (a, b) => Number(b.due) - Number(a.due) || a.reviewBy.localeCompare(b.reviewBy),
    );
  }

  /** The page's day set by `login`, with its audit line, in one transaction. */
  const store = (login: string, page: EditablePage, reviewBy: string, action: string, at: Date) =>
    data.transaction(async (tx) => {
      await repository.set(page, reviewBy, login, at, tx);
      await data.audit.record(
        eventEntry(at, login, action, `${page}: проверить до ${formatRussianDate(reviewBy)}`),
        tx,
      );
    });

  return {
    current,

    list: async (viewer) => (can(viewer.role, "edit-site") ? current(now()) : []),

    async setDate(viewer, page, typed) {
      if (!can(viewer.role, "edit-site") || !Object.hasOwn(editablePages, page)) return notFound;
      const at = now();
      const read = readReviewDate(typed, kirovIsoDate(at));
      if (!read.ok) return { ok: false, status: 400, message: read.message };
      await store(viewer.login, page, read.reviewBy, "site-review-date-set", at);
      return { ok: true };
    },

    async reviewed(viewer, page) {
      if (!can(viewer.role, "edit-site") || !Object.hasOwn(editablePages, page)) return notFound;
      const at = now();
      await store(viewer.login, page, reviewDayAfter(at), "site-reviewed", at);
      return { ok: true };
    },
  };
}
