/**
 * The registry's deadline filters (overdue; due soon: the term's last third and its last day,
 * term-alerts.ts) as ranges of start days (the day a
 * term counts from), which server/db/registry-sql.ts turns into an SQL condition an index serves,
 * instead of computing every appeal's term. Where legal-terms.ts goes from a start day to a term's
 * last day and state, and running-terms.ts says which terms run for one appeal, this file answers
 * the reverse question for all appeals at once: which start days make a term overdue, or due
 * soon, today.
 *
 * Each term's last day, and the first day of its last third, grow with its start day (a later
 * start never ends earlier), so "the term ends before today" is "the start is before some day A",
 * and "today is in the term's last third or its last day" is "the start is in [A, B)". A and B are
 * found with the very functions that compute the terms and their marks, by bisection, so the
 * filter and the page cannot disagree.
 */
import { addCalendarDays, calendarDaysBetween } from "../calendar/calendar-day.ts";
import { amberFrom, answerDue, appealTerms, noticeDue, registrationDue } from "./legal-terms.ts";
import { termEndWords } from "./term-alerts.ts";

export type DeadlineFilter = "overdue" | "due-soon";

export const deadlineFilterLabels: Record<DeadlineFilter, string> = {
  overdue: "Просрочены",
  "due-soon": `Срок истекает (${termEndWords})`,
};

/** Start days in [from, to): `from` undefined means no lower bound. Days are 'YYYY-MM-DD'. */
export type StartDayRange = { from: string | undefined; to: string };

export type DeadlineFilterRanges = {
  /** Kirov day of receipt, for new appeals (registration term). */
  registration: StartDayRange;
  /** Registration day, for registered or in-progress appeals, per extension of the answer term. */
  answer: Array<StartDayRange & { extensionDays: number }>;
  /** Registration day, for appeals left without answer whose author is still to be told. */
  notice: StartDayRange;
};

// Longer than any run of days off in a production calendar: bounds the search for a start day.
const searchSlackDays = 60;

/**
 * The smallest start day for which `holds` is true, given that it is false for every earlier
 * start and true for every later one (bisection over days).
 */
function firstStartWhere(holds: (start: string) => boolean, today: string): string {
  const earliest = addCalendarDays(
    today,
    -(appealTerms.answerDays + appealTerms.maxExtensionDays + searchSlackDays),
  );
  // A term starting a while after today ends after it, and its last third begins after it (a
  // last third moved back to a working day over the New Year holidays may begin before its start).
  let lowOffset = 0;
  let highOffset = calendarDaysBetween(earliest, today) + searchSlackDays;
  while (lowOffset < highOffset) {
    const middle = Math.floor((lowOffset + highOffset) / 2);
    if (holds(addCalendarDays(earliest, middle))) highOffset = middle;
    else lowOffset = middle + 1;
  }
  return addCalendarDays(earliest, lowOffset);
}

function rangeFor(
  due: (start: string) => string,
  filter: DeadlineFilter,
  today: string,
): StartDayRange {
  const firstNotOverdue = firstStartWhere((start) => due(start) >= today, today);
  if (filter === "overdue") return { from: undefined, to: firstNotOverdue };
  const firstNotMarked = firstStartWhere((start) => amberFrom(start, due(start)) > today, today);
  return { from: firstNotOverdue, to: firstNotMarked };
}

const cache = new Map<string, DeadlineFilterRanges>();

/** The start-day ranges of every term for a filter on a given Kirov day (cached per day). */
export function deadlineFilterRanges(filter: DeadlineFilter, today: string): DeadlineFilterRanges {
  const key = `${filter}:${today}`;
  const cached = cache.get(key);
  if (cached) return cached;
  // The Kirov day of receipt decides the registration term; noon UTC of that day is in it.
  const registrationFromDay = (day: string) => registrationDue(new Date(`${day}T12:00:00Z`));
  const ranges: DeadlineFilterRanges = {
    registration: rangeFor(registrationFromDay, filter, today),
    answer: Array.from({ length: appealTerms.maxExtensionDays + 1 }, (_, extensionDays) => ({
      extensionDays,
      ...rangeFor((start) => answerDue(start, extensionDays), filter, today),
    })),
    notice: rangeFor(noticeDue, filter, today),
  };
  if (cache.size > 16) cache.clear();
  cache.set(key, ranges);
  return ranges;
}
