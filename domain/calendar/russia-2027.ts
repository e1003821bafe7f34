import { type CalendarYear, federalHolidays } from "./calendar-year.ts";

/**
 * 2027: NOT VERIFIED. When this was written (November 2026) no published decree on the 2027
 * transfers could be found; only a draft was reported (a day off on Friday 5 November and Saturday
 * 13 November worked). Until the decree is known the data holds the federal holidays and the moves
 * article 112 makes by itself: Saturday 1 May to Monday 3 May, Sunday 9 May to Monday 10 May,
 * Saturday 12 June to Monday 14 June. The two January holidays that fall on Saturday 2 and Sunday
 * 3 January are moved by the decree to days not yet known. Edit this file when it is published.
 */
export const russia2027: CalendarYear = {
  year: 2027,
  source:
    "Трудовой кодекс РФ, ст. 112 (постановление о переносе выходных дней на 2027 год не проверено)",
  verified: false,
  holidays: federalHolidays(2027),
  transferredDaysOff: ["2027-05-03", "2027-05-10", "2027-06-14"],
  workingWeekendDays: [],
};
