import assert from "node:assert/strict";
import { test } from "node:test";
import {
  addCalendarDays,
  calendarDaysBetween,
  formatRussianDate,
  isIsoDate,
} from "./calendar-day.ts";
import { calendarYears, isWorkingDay, nextWorkingDayFrom } from "./production-calendar.ts";

test("production calendar 2025: the decree's transfers, a working Saturday, 247 working days", () => {
  assert.equal(isWorkingDay("2025-01-08"), false);
  assert.equal(isWorkingDay("2025-01-09"), true);
  // 23 February fell on a Sunday: its day off went to 8 May, not to Monday 24 February.
  assert.equal(isWorkingDay("2025-02-24"), true);
  assert.equal(isWorkingDay("2025-05-08"), false);
  assert.equal(isWorkingDay("2025-06-13"), false);
  assert.equal(isWorkingDay("2025-11-01"), true, "Saturday 1 November 2025 was worked");
  assert.equal(isWorkingDay("2025-11-03"), false);
  assert.equal(isWorkingDay("2025-12-31"), false);
  assert.equal(workingDaysIn(2025), 247);
});

test("production calendar 2026: New Year days off to 11 January, 9 March and 11 May off, 247 working days", () => {
  for (const day of ["2026-01-01", "2026-01-09", "2026-01-11", "2026-02-23", "2026-03-09"]) {
    assert.equal(isWorkingDay(day), false, day);
  }
  for (const day of ["2026-05-11", "2026-06-12", "2026-11-04", "2026-12-31"]) {
    assert.equal(isWorkingDay(day), false, day);
  }
  assert.equal(isWorkingDay("2026-01-12"), true);
  assert.equal(isWorkingDay("2026-11-05"), true);
  assert.equal(workingDaysIn(2026), 247);
});

test("production calendar: a year without data still keeps weekends and federal holidays", () => {
  assert.equal(isWorkingDay("2030-01-03"), false);
  assert.equal(isWorkingDay("2030-06-12"), false);
  assert.equal(isWorkingDay("2030-06-11"), true);
  assert.equal(isWorkingDay("2030-06-15"), false, "a Saturday");
});

test("production calendar: every listed day is a real day of its own year, and the lists agree", () => {
  for (const year of calendarYears) {
    const listed = [...year.holidays, ...year.transferredDaysOff, ...year.workingWeekendDays];
    for (const day of listed) {
      assert.ok(isIsoDate(day) && day.startsWith(`${year.year}-`), `${year.year}: ${day}`);
    }
    for (const day of year.transferredDaysOff) {
      assert.ok(!isWeekend(day), `${day} is a transferred day off, so it must be a weekday`);
    }
    for (const day of year.workingWeekendDays) assert.ok(isWeekend(day), `${day} is no weekend`);
  }
});

test("next working day: the day itself when it works, else after the run of days off", () => {
  assert.equal(nextWorkingDayFrom("2026-11-05"), "2026-11-05");
  assert.equal(nextWorkingDayFrom("2025-12-31"), "2026-01-12");
  assert.throws(() => nextWorkingDayFrom("2026-13-01"), RangeError);
});

test("calendar days: arithmetic across a year and a leap day, Russian format", () => {
  assert.equal(addCalendarDays("2026-12-31", 1), "2027-01-01");
  assert.equal(addCalendarDays("2028-02-28", 1), "2028-02-29");
  assert.equal(calendarDaysBetween("2026-11-22", "2026-11-19"), -3);
  assert.equal(formatRussianDate("2026-11-05"), "05.11.2026");
  assert.equal(isIsoDate("2026-02-29"), false);
});

function isWeekend(isoDate: string): boolean {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

function workingDaysIn(year: number): number {
  let count = 0;
  for (let day = `${year}-01-01`; day.startsWith(String(year)); day = addCalendarDays(day, 1)) {
    if (isWorkingDay(day)) count += 1;
  }
  return count;
}
