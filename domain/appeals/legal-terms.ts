/**
 * The terms of the law on citizens' appeals (59-ФЗ) as rules on dates: from the day a term counts
 * from, its last day; from a last day and today, its state. It knows no appeal and no database:
 * which of these terms run for an appeal in its state, and how a term is written in Russian, is
 * running-terms.ts; the registry's deadline filters as start-day ranges for an indexed query are
 * deadline-filter-ranges.ts. Both are built on the functions here, so they cannot disagree.
 *
 * Terms are computed, never stored as states. Every term is counted in calendar days, as the law
 * counts them, from the day after the event (the day of receipt or of registration); a term whose
 * last day is a day off by the production calendar ends on the next working day. Days are Kirov
 * calendar days as ISO text ('2026-11-05'); a moment (a `Date`) is turned into its Kirov day first.
 *
 * Use:
 *   registrationDue(receivedAt)             // article 8 part 2: register within 3 days of receipt
 *   answerDue(registeredOn, extensionDays?) // article 12 part 1-2: answer within 30 days of
 *                                           // registration; extended once by at most 30 days
 *   forwardDue(registeredOn)                // article 8 part 3: outside competence, forward within
 *                                           // 7 days of registration and tell the author
 *   noticeDue(registeredOn)                 // article 11 part 4.1: meaning cannot be determined,
 *                                           // tell the author within 7 days of registration
 *   deadlineState(due, today, start)        // 'overdue' | 'last-day' (red) | 'last-third'
 *                                           // (amber) | 'ok': the rule in term-alerts.ts
 * `today` is a Kirov day: kirovIsoDate(now) from domain/time/kirov-time.ts.
 * Each `…Due` returns the last day of the term: an act on that day is on time.
 */
import { addCalendarDays, calendarDaysBetween } from "../calendar/calendar-day.ts";
import { nextWorkingDayFrom, previousWorkingDayFrom } from "../calendar/production-calendar.ts";
import { kirovIsoDate } from "../time/kirov-time.ts";
import { daysInRussian, termAlertRule } from "./term-alerts.ts";

export const appealTerms = {
  /** Registration, from the day of receipt. */
  registrationDays: 3,
  /** The answer, from the day of registration. */
  answerDays: 30,
  /** The longest one extension of the answer term. */
  maxExtensionDays: 30,
  /** Forwarding to the competent body, from the day of registration. */
  forwardDays: 7,
  /** Notice to an author whose appeal's meaning cannot be determined, from registration. */
  noticeDays: 7,
} as const;

/**
 * The terms as mails and pages write them («3 дня», «30 дней», «7 дней»): from the figures above,
 * so a text cannot name another term than the one the dates are counted by.
 */
export const appealTermWords = {
  registration: daysInRussian(appealTerms.registrationDays),
  answer: daysInRussian(appealTerms.answerDays),
  forward: daysInRussian(appealTerms.forwardDays),
  notice: daysInRussian(appealTerms.noticeDays),
} as const;

/** A running term's mark: past it (red); its last day (red); its last third (amber); or fine. */
export type DeadlineState = "overdue" | "last-day" | "last-third" | "ok";

/**
 * The last day of a term of `days` calendar days counted from the day after `startDay`, moved to
 * the next working day when it falls on a day off.
 */
function termEnd(startDay: string, days: number): string {
  return nextWorkingDayFrom(addCalendarDays(startDay, days));
}

/** The last day to register an appeal received at that moment. */
export function registrationDue(receivedAt: Date): string {
  return termEnd(kirovIsoDate(receivedAt), appealTerms.registrationDays);
}

/**
 * The last day to answer an appeal registered on `registeredOn`. An extension (a whole number of
 * days, 1–30) lengthens the 30-day term before the move to a working day, so the move happens
 * once, at the true end; 0 or omitted means no extension. Throws a RangeError otherwise.
 */
export function answerDue(registeredOn: string, extensionDays = 0): string {
  if (
    !Number.isInteger(extensionDays) ||
    extensionDays < 0 ||
    extensionDays > appealTerms.maxExtensionDays
  ) {
    throw new RangeError(
      `an extension is a whole number of days from 0 to ${appealTerms.maxExtensionDays}: ${extensionDays}`,
    );
  }
  return termEnd(registeredOn, appealTerms.answerDays + extensionDays);
}

/** The last day to forward an appeal outside the organisation's competence. */
export function forwardDue(registeredOn: string): string {
  return termEnd(registeredOn, appealTerms.forwardDays);
}

/** The last day to tell an author that the meaning of the appeal cannot be determined. */
export function noticeDue(registeredOn: string): string {
  return termEnd(registeredOn, appealTerms.noticeDays);
}

/**
 * The first day of a term's amber part: a third of the term (its days from `startDay` to `due`,
 * rounded up) before its last day, moved back to a working day so that the warning comes while
 * someone is at work.
 */
export function amberFrom(startDay: string, due: string): string {
  const thirdLeft = Math.ceil(calendarDaysBetween(startDay, due) * termAlertRule.amberShareLeft);
  return previousWorkingDayFrom(addCalendarDays(due, -thirdLeft));
}

/** A term's mark today, by the rule of term-alerts.ts; `startDay` is the day it counts from. */
export function deadlineState(due: string, today: string, startDay: string): DeadlineState {
  if (today > due) return "overdue";
  if (today === due) return "last-day";
  if (today >= amberFrom(startDay, due)) return "last-third";
  return "ok";
}
