/**
 * Calendar days as ISO text ('2026-11-22'), the unit every legal term here counts in. Arithmetic
 * runs on UTC midnights, so no time zone or daylight-saving change can shift a day.
 */
import { isoDatePattern } from "../text/patterns.ts";

const dayMs = 86_400_000;

/** UTC midnight of the day; throws a RangeError on text that is no real day of that form. */
export function parseIsoDate(isoDate: string): Date {
  const [year, month, day] = isoDate.split("-").map(Number);
  const utc = isoDatePattern.test(isoDate)
    ? new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1))
    : undefined;
  if (!utc?.toISOString().startsWith(isoDate)) {
    throw new RangeError(`not a calendar day in the form YYYY-MM-DD: ${JSON.stringify(isoDate)}`);
  }
  return utc;
}

/** Whether the text is a real calendar day in the form YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  try {
    parseIsoDate(text);
    return true;
  } catch {
    return false;
  }
}

/** '2026-12-31' + 1 -> '2027-01-01'. */
export function addCalendarDays(isoDate: string, days: number): string {
  return new Date(parseIsoDate(isoDate).getTime() + days * dayMs).toISOString().slice(0, 10);
}

/** Whole calendar days from one day to another (negative when `to` is earlier). */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((parseIsoDate(to).getTime() - parseIsoDate(from).getTime()) / dayMs);
}

/** '2026-11-05' -> '05.11.2026', as a Russian reader writes a date. */
export function formatRussianDate(isoDate: string): string {
  parseIsoDate(isoDate);
  const [year, month, day] = isoDate.split("-");
  return `${day}.${month}.${year}`;
}
