import assert from "node:assert/strict";
import { test } from "node:test";
import { answerDue } from "../appeals/legal-terms.ts";
import { addCalendarDays } from "../calendar/calendar-day.ts";
import { lateAnswers, percentileDays } from "./appeal-statistics.ts";

test("the 90th percentile of days is the smallest that covers nine answers in ten", () => {
  const days = [
    { days: 5, count: 50 },
    { days: 20, count: 39 },
    { days: 31, count: 1 },
    { days: 60, count: 10 },
  ];
  assert.equal(percentileDays(days, 0.9), 31);
  assert.equal(percentileDays(days, 0.5), 5);
  assert.equal(percentileDays([], 0.9), 0);
});

test("an answer after 30 days is on time when the term's last day moved past a day off", () => {
  // A registration day whose 30th day falls on a day off, so the term ends later.
  let registeredOn = "2026-01-01";
  while (answerDue(registeredOn) === addCalendarDays(registeredOn, 30)) {
    registeredOn = addCalendarDays(registeredOn, 1);
  }
  const due = answerDue(registeredOn);
  const candidate = { bucket: 0, registeredOn, extensionDays: 0, count: 3 };
  assert.equal(lateAnswers([{ ...candidate, answeredOn: due }]), 0);
  assert.equal(lateAnswers([{ ...candidate, answeredOn: addCalendarDays(due, 1) }]), 3);
  assert.equal(lateAnswers([{ ...candidate, answeredOn: addCalendarDays(due, 1) }], 1), 0);
});
