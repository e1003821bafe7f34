import assert from "node:assert/strict";
import { test } from "node:test";
import {
  formatKirovDateTime,
  kirovDayStartText,
  kirovIsoDate,
  kirovOffsetMinutes,
  kirovUtcOffsetText,
  kirovYear,
  startOfKirovDay,
} from "./kirov-time.ts";

test("Kirov time: UTC+3 today, from the zone's rules rather than a constant", () => {
  assert.equal(kirovOffsetMinutes(new Date("2026-11-22T00:00:00Z")), 180);
  // Before 26 October 2014 Kirov, like Moscow, kept UTC+4 all year.
  assert.equal(kirovOffsetMinutes(new Date("2013-01-01T00:00:00Z")), 240);
});

test("Kirov time: the year turns at Kirov's midnight, not UTC's", () => {
  assert.equal(kirovYear(new Date("2026-12-31T20:59:59Z")), "2026");
  assert.equal(kirovYear(new Date("2026-12-31T21:00:00Z")), "2027");
});

test("Kirov time: a day starts at 00:00 in Kirov; impossible dates are refused", () => {
  assert.equal(startOfKirovDay("2026-11-01")?.toISOString(), "2026-10-31T21:00:00.000Z");
  assert.equal(startOfKirovDay("2026-02-30"), undefined);
  assert.equal(startOfKirovDay("2026-1-01"), undefined);
  assert.equal(startOfKirovDay("yesterday"), undefined);
});

test("Kirov time: shown to operators as day, month, year and time", () => {
  assert.equal(formatKirovDateTime(new Date("2026-11-22T07:41:00Z")), "22.11.2026, 10:41");
});

test("Kirov time: the calendar day turns at Kirov's midnight", () => {
  assert.equal(kirovIsoDate(new Date("2026-11-20T20:59:59Z")), "2026-11-20");
  assert.equal(kirovIsoDate(new Date("2026-11-20T21:00:00Z")), "2026-11-21");
});

test("Kirov time: asked in any order, each moment gets its own day, across midnights and the 2014 change", () => {
  const moments: [string, string][] = [
    ["2026-11-20T20:59:59.999Z", "2026-11-20"],
    ["2026-11-20T21:00:00.000Z", "2026-11-21"],
    ["2026-11-20T20:59:59.999Z", "2026-11-20"],
    ["2026-11-21T20:59:59.999Z", "2026-11-21"],
    ["2026-11-21T21:00:00.000Z", "2026-11-22"],
    ["2026-12-31T20:59:59.999Z", "2026-12-31"],
    ["2026-12-31T21:00:00.000Z", "2027-01-01"],
    // Kirov left UTC+4 for UTC+3 at 02:00 on 26 October 2014 (22:00 UTC on the 25th).
    ["2014-10-25T19:59:59.999Z", "2014-10-25"],
    ["2014-10-25T20:00:00.000Z", "2014-10-26"],
    ["2014-10-25T21:30:00.000Z", "2014-10-26"],
    ["2014-10-26T20:59:59.999Z", "2014-10-26"],
    ["2014-10-26T21:00:00.000Z", "2014-10-27"],
    ["2014-10-25T20:00:00.000Z", "2014-10-26"],
    ["2014-10-25T19:59:59.999Z", "2014-10-25"],
  ];
  for (const [moment, day] of moments) {
    assert.equal(kirovIsoDate(new Date(moment)), day, moment);
    assert.equal(kirovYear(new Date(moment)), day.slice(0, 4), moment);
  }
  assert.throws(() => kirovIsoDate(new Date(Number.NaN)), RangeError);
});

test("Kirov time: a day's start as RFC 3339 text carries that day's offset, from the zone's rules", () => {
  assert.equal(kirovDayStartText("2026-11-20"), "2026-11-20T00:00:00+03:00");
  assert.equal(kirovDayStartText("2013-06-01"), "2013-06-01T00:00:00+04:00");
  assert.equal(new Date(kirovDayStartText("2026-11-01")).toISOString(), "2026-10-31T21:00:00.000Z");
});

test("Kirov time: the offset as staff read it, from the zone's rules", () => {
  assert.equal(kirovUtcOffsetText(new Date("2026-11-22T00:00:00Z")), "UTC+3");
  assert.equal(kirovUtcOffsetText(new Date("2013-01-01T00:00:00Z")), "UTC+4");
});
