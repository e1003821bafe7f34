import { type CalendarYear, federalHolidays } from "./calendar-year.ts";

/**
 * 2025: decree of the Government of the Russian Federation of 04.10.2024 No. 1335. Days off moved
 * from 4 January to 2 May, from 5 January to 31 December, from Sunday 23 February to 8 May, from
 * Saturday 8 March to 13 June; Saturday 1 November worked for Monday 3 November. 247 working days.
 */
export const russia2025: CalendarYear = {
  year: 2025,
  source: "Постановление Правительства РФ от 04.10.2024 № 1335",
  verified: true,
  holidays: federalHolidays(2025),
  transferredDaysOff: ["2025-05-02", "2025-05-08", "2025-06-13", "2025-11-03", "2025-12-31"],
  workingWeekendDays: ["2025-11-01"],
};
