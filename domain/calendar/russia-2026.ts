import { type CalendarYear, federalHolidays } from "./calendar-year.ts";

/**
 * 2026: decree of the Government of the Russian Federation of 24.09.2025 No. 1466. Days off moved
 * from Saturday 3 January to Friday 9 January and from Sunday 4 January to Thursday 31 December.
 * Article 112 itself moves Sunday 8 March to Monday 9 March and Saturday 9 May to Monday 11 May.
 * No working Saturdays.
 */
export const russia2026: CalendarYear = {
  year: 2026,
  source: "Постановление Правительства РФ от 24.09.2025 № 1466",
  verified: true,
  holidays: federalHolidays(2026),
  transferredDaysOff: ["2026-01-09", "2026-03-09", "2026-05-11", "2026-12-31"],
  workingWeekendDays: [],
};
