// The filter's start-day ranges must select exactly the appeals whose computed term is overdue or
// due soon (its last third or its last day): checked against deadlineState for every start day
// around many `today`s, across the New Year holidays and the May days off.
import assert from "node:assert/strict";
import { test } from "node:test";
import { addCalendarDays } from "../calendar/calendar-day.ts";
import { deadlineFilterRanges, type StartDayRange } from "./deadline-filter-ranges.ts";
import {
  answerDue,
  type DeadlineState,
  deadlineState,
  noticeDue,
  registrationDue,
} from "./legal-terms.ts";

/** Whether a term in this state is one the filter lists. */
const listedBy = (filter: "overdue" | "due-soon", state: DeadlineState) =>
  filter === "overdue" ? state === "overdue" : state === "last-third" || state === "last-day";

function inRange(day: string, range: StartDayRange): boolean {
  return (range.from === undefined || day >= range.from) && day < range.to;
}

const todays = [
  "2026-01-01",
  "2026-01-09",
  "2026-01-12",
  "2026-02-24",
  "2026-05-04",
  "2026-05-12",
  "2026-11-22",
  "2026-12-31",
];

for (const filter of ["overdue", "due-soon"] as const) {
  test(`${filter}: the ranges select exactly the terms deadlineState calls ${filter}`, () => {
    for (const today of todays) {
      const ranges = deadlineFilterRanges(filter, today);
      for (let offset = -90; offset <= 5; offset += 1) {
        const start = addCalendarDays(today, offset);
        const registration = registrationDue(new Date(`${start}T12:00:00Z`));
        assert.equal(
          inRange(start, ranges.registration),
          listedBy(filter, deadlineState(registration, today, start)),
          `registration, received ${start}, today ${today}`,
        );
        for (const extension of [0, 1, 15, 30]) {
          const range = ranges.answer[extension];
          assert.ok(range);
          assert.equal(
            inRange(start, range),
            listedBy(filter, deadlineState(answerDue(start, extension), today, start)),
            `answer +${extension}, registered ${start}, today ${today}`,
          );
        }
        assert.equal(
          inRange(start, ranges.notice),
          listedBy(filter, deadlineState(noticeDue(start), today, start)),
          `notice, registered ${start}, today ${today}`,
        );
      }
    }
  });
}
