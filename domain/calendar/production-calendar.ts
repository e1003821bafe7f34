/**
 * The Russian production calendar: whether a calendar day is a working day for a five-day week.
 * The years are data (./russia-YYYY.ts), one file per year, edited when the government publishes
 * its decree on transfers of days off. A year without a file falls back to weekends and the federal
 * holidays of article 112 (`federalHolidays`), which is right for most days and never for the
 * government's transfers: add the year's file before it starts.
 */
import { addCalendarDays, parseIsoDate } from "./calendar-day.ts";
import { type CalendarYear, federalHolidays } from "./calendar-year.ts";
import { russia2025 } from "./russia-2025.ts";
import { russia2026 } from "./russia-2026.ts";
import { russia2027 } from "./russia-2027.ts";

export type { CalendarYear } from "./calendar-year.ts";

export const calendarYears: readonly CalendarYear[] = [russia2025, russia2026, russia2027];

type YearDays = { daysOff: ReadonlySet<string>; workingWeekendDays: ReadonlySet<string> };

const byYear = new Map<number, YearDays>(
  calendarYears.map((year) => [
    year.year,
    {
      daysOff: new Set([...year.holidays, ...year.transferredDaysOff]),
      workingWeekendDays: new Set(year.workingWeekendDays),
    },
  ]),
);

function daysOfYear(year: number): YearDays {
  let days = byYear.get(year);
  if (!days) {
    days = { daysOff: new Set(federalHolidays(year)), workingWeekendDays: new Set() };
    byYear.set(year, days);
  }
  return days;
}

/** Whether a calendar day ('2026-01-09') is a working day; throws on text that is no such day. */
export function isWorkingDay(isoDate: string): boolean {
  const utc = parseIsoDate(isoDate);
  const days = daysOfYear(utc.getUTCFullYear());
  if (days.daysOff.has(isoDate)) return false;
  if (days.workingWeekendDays.has(isoDate)) return true;
  const weekday = utc.getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The day itself when it is a working day, else the last working day before it. */
export function previousWorkingDayFrom(isoDate: string): string {
  let day = isoDate;
  for (let step = 0; step < 60; step += 1) {
    if (isWorkingDay(day)) return day;
    day = addCalendarDays(day, -1);
  }
  throw new Error(`no working day within 60 days before ${isoDate}: check the production calendar`);
}

/** The day itself when it is a working day, else the first working day after it. */
export function nextWorkingDayFrom(isoDate: string): string {
  let day = isoDate;
  // A year has no run of more than about twelve days off; the bound only guards bad data.
  for (let step = 0; step < 60; step += 1) {
    if (isWorkingDay(day)) return day;
    day = addCalendarDays(day, 1);
  }
  throw new Error(`no working day within 60 days of ${isoDate}: check the production calendar`);
}
