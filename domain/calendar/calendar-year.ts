/**
 * One year of the Russian production calendar for a five-day week, as data an operator can
 * edit when the government publishes or changes its decree. Dates are ISO calendar days
 * ('2026-01-09'). Saturdays and Sundays are days off unless listed in `workingWeekendDays`.
 */
export type CalendarYear = {
  year: number;
  /** The act the data follows, so the next reader can check it. */
  source: string;
  /**
   * False while the government's transfers for the year are not known (the decree is published
   * in the autumn before): only the federal holidays and the moves the Labour Code makes by
   * itself are in the data, and deadlines near a possible transfer may be a day early.
   */
  verified: boolean;
  /** Non-working public holidays (article 112 of the Labour Code). */
  holidays: readonly string[];
  /** Weekdays made days off by a transfer (the decree's, or article 112's own move). */
  transferredDaysOff: readonly string[];
  /** Saturdays or Sundays made working days by a transfer. */
  workingWeekendDays: readonly string[];
};

/** Article 112 of the Labour Code: the federal non-working holidays of every year. */
export function federalHolidays(year: number): string[] {
  const days = ["01-01", "01-02", "01-03", "01-04", "01-05", "01-06", "01-07", "01-08"];
  days.push("02-23", "03-08", "05-01", "05-09", "06-12", "11-04");
  return days.map((day) => `${year}-${day}`);
}
