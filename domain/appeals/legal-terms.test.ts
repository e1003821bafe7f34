import assert from "node:assert/strict";
import { test } from "node:test";
import { addCalendarDays } from "../calendar/calendar-day.ts";
import { kirovIsoDate } from "../time/kirov-time.ts";
import {
  answerDue,
  appealTermWords,
  deadlineState,
  forwardDue,
  noticeDue,
  registrationDue,
} from "./legal-terms.ts";
import { termAlertRule } from "./term-alerts.ts";

/** A moment given as Kirov wall-clock time (UTC+3 in these years). */
function kirov(dateTime: string): Date {
  return new Date(`${dateTime}+03:00`);
}

test("registration: 3 calendar days after receipt; across the New Year holidays and the 9 January transfer", () => {
  // Received Monday 29 December 2025: day 3 is 1 January; 1–8 January are holidays, Friday
  // 9 January is a day off moved from Saturday 3 January, then a weekend.
  assert.equal(registrationDue(kirov("2025-12-29T10:00")), "2026-01-12");
  assert.equal(registrationDue(kirov("2026-11-16T09:00")), "2026-11-19");
});

test("registration: the day of receipt is Kirov's day, not UTC's", () => {
  // 00:30 on Saturday 21 November in Kirov is still Friday 20 November in UTC.
  const receivedAt = new Date("2026-11-20T21:30:00Z");
  assert.equal(kirovIsoDate(receivedAt), "2026-11-21");
  assert.equal(registrationDue(receivedAt), "2026-11-24");
});

test("a registration made on the 3rd day is on time, and the other terms count from it", () => {
  const due = registrationDue(kirov("2026-11-02T15:00"));
  assert.equal(due, "2026-11-05", "4 November is a holiday, but day 3 is 5 November");
  assert.equal(deadlineState(due, "2026-11-05", "2026-11-02"), "last-day");
  assert.equal(deadlineState(due, "2026-11-06", "2026-11-02"), "overdue");
  // Registered on 5 November: 30 days end on Saturday 5 December -> Monday 7 December.
  assert.equal(answerDue("2026-11-05"), "2026-12-07");
  assert.equal(forwardDue("2026-11-05"), "2026-11-12");
  assert.equal(noticeDue("2026-11-05"), "2026-11-12");
});

test("a term ending on a weekend or a holiday moves to the next working day", () => {
  assert.equal(answerDue("2026-10-15"), "2026-11-16", "ends Saturday 14 November");
  assert.equal(answerDue("2026-10-05"), "2026-11-05", "ends on the 4 November holiday");
  // Sunday 8 March 2026 moves its day off to Monday 9 March: the term ends on Tuesday.
  assert.equal(forwardDue("2026-03-02"), "2026-03-10");
  assert.equal(noticeDue("2026-05-04"), "2026-05-12", "ends Monday 11 May, a transferred day off");
  // Saturday 1 November 2025 was a working day by the decree: the term ends on it.
  assert.equal(answerDue("2025-10-02"), "2025-11-01");
  // 31 December 2025 is a day off moved from 5 January; then the New Year holidays.
  assert.equal(forwardDue("2025-12-24"), "2026-01-12");
});

test("the answer term extended once by up to 30 days, moved once at its true end", () => {
  assert.equal(answerDue("2026-09-01"), "2026-10-01");
  // 60 days end on Saturday 31 October -> Monday 2 November.
  assert.equal(answerDue("2026-09-01", 30), "2026-11-02");
  assert.equal(answerDue("2026-09-01", 10), "2026-10-12", "ends Sunday 11 October");
  assert.equal(answerDue("2026-09-01", 0), answerDue("2026-09-01"));
  for (const bad of [31, -1, 1.5, Number.NaN]) {
    assert.throws(() => answerDue("2026-09-01", bad), RangeError, String(bad));
  }
  assert.throws(() => answerDue("2026-09-31"), RangeError);
});

/** A term's mark on each day from its start to the day after its last, as `day: state`. */
function marks(start: string, due: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= addCalendarDays(due, 1); day = addCalendarDays(day, 1)) {
    days.push(`${day.slice(5)} ${deadlineState(due, day, start)}`);
  }
  return days;
}

test("term marks: neutral while over a third is left, amber in the last third from a working day, red on the last day and after", () => {
  assert.equal(termAlertRule.amberShareLeft, 1 / 3, "the rule these dates are written for");
  // Registration, 3 days: received on Monday 23 November, due Thursday 26: amber on Wednesday.
  const received = registrationDue(kirov("2026-11-23T10:00"));
  assert.deepEqual(marks("2026-11-23", received), [
    "11-23 ok",
    "11-24 ok",
    "11-25 last-third",
    "11-26 last-day",
    "11-27 overdue",
  ]);
  // Received on Saturday 28 November (the five red rows): neutral that day and Sunday,
  // amber on Monday 30 (the last working day before the last day), red on Tuesday 1 December.
  assert.deepEqual(marks("2026-11-28", registrationDue(kirov("2026-11-28T10:00"))), [
    "11-28 ok",
    "11-29 ok",
    "11-30 last-third",
    "12-01 last-day",
    "12-02 overdue",
  ]);
  // Received on Friday 20 November, due Monday 23: the day before the last is a Sunday, so the
  // warning comes on Friday, the last working day before it.
  assert.deepEqual(marks("2026-11-20", registrationDue(kirov("2026-11-20T10:00"))), [
    "11-20 last-third",
    "11-21 last-third",
    "11-22 last-third",
    "11-23 last-day",
    "11-24 overdue",
  ]);
  // The answer, 30 days from Monday 2 November to Wednesday 2 December: its last third begins on
  // Sunday 22 November, so amber from Friday 20; 18 days neutral.
  const answer = marks("2026-11-02", answerDue("2026-11-02"));
  assert.equal(answer.filter((day) => day.endsWith(" ok")).length, 18);
  assert.equal(answer[17], "11-19 ok");
  assert.equal(answer[18], "11-20 last-third");
  assert.deepEqual(answer.slice(-3), ["12-01 last-third", "12-02 last-day", "12-03 overdue"]);
  // Extended by 30 days: 60 days to Friday 1 January -> Monday 11 January (after the holidays,
  // 70 days in all): amber from Friday 18 December, 24 days (a third, rounded up) before it.
  const extended = answerDue("2026-11-02", 30);
  assert.equal(extended, "2027-01-11");
  assert.equal(deadlineState(extended, "2026-12-17", "2026-11-02"), "ok");
  assert.equal(deadlineState(extended, "2026-12-18", "2026-11-02"), "last-third");
  // Forwarding and the notice, 7 days from Monday 2 November to Monday 9: amber from Friday 6.
  for (const due of [forwardDue("2026-11-02"), noticeDue("2026-11-02")]) {
    assert.deepEqual(marks("2026-11-02", due), [
      "11-02 ok",
      "11-03 ok",
      "11-04 ok",
      "11-05 ok",
      "11-06 last-third",
      "11-07 last-third",
      "11-08 last-third",
      "11-09 last-day",
      "11-10 overdue",
    ]);
  }
});

test("the terms in words, as the mails and the rules above the form write them", () => {
  assert.deepEqual(appealTermWords, {
    registration: "3 дня",
    answer: "30 дней",
    forward: "7 дней",
    notice: "7 дней",
  });
});
