/**
 * «Проверить до» (issue 43): the day by which each editable page should be looked at again. A
 * state institution's site must be kept current, so a page nobody looked at for a year is listed
 * on /staff/site and mailed to the editors once a month. By default the day is 12 months after
 * the page's last publish; an editor may set another day, and «Проверено, без изменений» moves it
 * on 12 months from today. Whichever came last counts: a publish after the day was set moves it
 * on, a day set after the last publish stands.
 */
import { isIsoDate } from "../calendar/calendar-day.ts";
import type { StaffViewer } from "../staff/staff-roles.ts";
import { kirovIsoDate } from "../time/kirov-time.ts";
import type { EditablePage } from "./site-editions.ts";

/** How far a publish or a review moves the day on. */
export const reviewMonths = 12;

/** '2026-02-28' + 12 → '2027-02-28'; a day the month lacks is its last ('2028-02-29' + 12 → '2029-02-28'). */
export function addMonths(isoDate: string, months: number): string {
  const [year = 0, month = 1, day = 1] = isoDate.split("-").map(Number);
  const monthIndex = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${targetYear}-${pad(targetMonth)}-${pad(Math.min(day, lastDay))}`;
}

/** The day 12 months after a moment's Kirov day. */
export function reviewDayAfter(moment: Date): string {
  return addMonths(kirovIsoDate(moment), reviewMonths);
}

/** A page's day as stored: set by an editor, by a review, or when the feature first saw the page. */
export type StoredReviewDate = {
  reviewBy: string;
  /** ISO 8601 moment it was set. */
  setAt: string;
};

/**
 * The page's day now: 12 months after its last publish when that publish came after the stored
 * day was set (or nothing is stored), else the stored day.
 */
export function effectiveReviewDate(
  stored: StoredReviewDate | undefined,
  lastPublishedAt: string | null,
): string | undefined {
  if (lastPublishedAt && (!stored || lastPublishedAt > stored.setAt)) {
    return reviewDayAfter(new Date(lastPublishedAt));
  }
  return stored?.reviewBy;
}

/** Past its day: the day itself still counts as in time. */
export function pastReviewDate(reviewBy: string, today: string): boolean {
  return today > reviewBy;
}

/** One page's day as /staff/site and the monthly mail show it. */
export type PageReviewDate = {
  page: EditablePage;
  title: string;
  reviewBy: string;
  /** Today is past `reviewBy`: «Пора проверить». */
  due: boolean;
};

export const reviewDateMessages = {
  invalid: "Укажите дату проверки: день, месяц и год.",
  past: "Дата проверки не может быть раньше сегодняшнего дня.",
  tooFar: "Дата проверки — не позже чем через 5 лет.",
} as const;

/** A day an editor typed, checked: a real day, from today to five years on. */
export function readReviewDate(
  typed: string,
  today: string,
): { ok: true; reviewBy: string } | { ok: false; message: string } {
  const text = typed.trim();
  if (!isIsoDate(text)) return { ok: false, message: reviewDateMessages.invalid };
  if (text < today) return { ok: false, message: reviewDateMessages.past };
  if (text > addMonths(today, 60)) return { ok: false, message: reviewDateMessages.tooFar };
  return { ok: true, reviewBy: text };
}

/** The staff port of review dates (domain/pages/page-context.ts carries it). */
export type SiteReviewPort = {
  /** Every editable page's day, those past it first; empty outside the role. */
  list(viewer: StaffViewer): Promise<PageReviewDate[]>;
  /** An editor sets the page's day. */
  setDate(
    viewer: StaffViewer,
    page: EditablePage,
    typed: string,
  ): Promise<{ ok: true } | { ok: false; status: number; message: string }>;
  /** «Проверено, без изменений»: the day moves on 12 months from today, audited. */
  reviewed(
    viewer: StaffViewer,
    page: EditablePage,
  ): Promise<{ ok: true } | { ok: false; status: number; message: string }>;
};
