import assert from "node:assert/strict";
import { test } from "node:test";
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
  assert.equal(deadlineState(due, "2026-11-05"), "due-soon");
  assert.equal(deadlineState(due, "2026-11-06"), "overdue");
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

test("deadline state: overdue after the last day, red in its last 5 days, yellow from half of it", () => {
  assert.equal(termAlertRule.redLastDays, 5, "the rule these dates are written for");
  assert.equal(deadlineState("2026-11-10", "2026-11-05"), "ok");
  assert.equal(deadlineState("2026-11-10", "2026-11-06"), "due-soon", "the 5th day from the end");
  assert.equal(deadlineState("2026-11-10", "2026-11-10"), "due-soon");
  assert.equal(deadlineState("2026-11-10", "2026-11-11"), "overdue");
  assert.equal(deadlineState("2027-01-11", "2026-12-31"), "ok");
  // A 30-day term from 1 November to 1 December: yellow from 16 November (15 of 30 days gone).
  assert.equal(deadlineState("2026-12-01", "2026-11-15", "2026-11-01"), "ok");
  assert.equal(deadlineState("2026-12-01", "2026-11-16", "2026-11-01"), "half-passed");
  assert.equal(deadlineState("2026-12-01", "2026-11-26", "2026-11-01"), "half-passed");
  assert.equal(deadlineState("2026-12-01", "2026-11-27", "2026-11-01"), "due-soon");
  assert.equal(deadlineState("2026-12-01", "2026-12-02", "2026-11-01"), "overdue");
});

test("the terms in words, as the mails and the rules above the form write them", () => {
  assert.deepEqual(appealTermWords, {
    registration: "3 дня",
    answer: "30 дней",
    forward: "7 дней",
    notice: "7 дней",
  });
});
