import assert from "node:assert/strict";
import { test } from "node:test";
import {
  kirovInputsOf,
  kirovMomentOf,
  readPublishMoment,
  scheduleMessages,
} from "./publish-schedule.ts";

const now = new Date("2026-11-27T09:00:00Z"); // 12:00 in Kirov

test("a Kirov date and time is the instant three hours earlier in UTC", () => {
  assert.equal(kirovMomentOf("2026-12-01", "09:00")?.toISOString(), "2026-12-01T06:00:00.000Z");
  assert.equal(kirovMomentOf("2026-12-01", "00:30")?.toISOString(), "2026-11-30T21:30:00.000Z");
  assert.equal(kirovMomentOf("2026-12-31", "23:59:59")?.toISOString(), "2026-12-31T20:59:59.000Z");
  // Before 26 October 2014 Kirov kept UTC+4: the zone's rules, not a constant.
  assert.equal(kirovMomentOf("2013-07-01", "12:00")?.toISOString(), "2013-07-01T08:00:00.000Z");
});

test("what is not a real date or time names no moment", () => {
  for (const [date, time] of [
    ["2026-02-30", "09:00"],
    ["2026-13-01", "09:00"],
    ["01.12.2026", "09:00"],
    ["2026-12-01", "24:00"],
    ["2026-12-01", "9:00"],
    ["2026-12-01", "09:60"],
    ["2026-12-01", "09:00:60"],
    ["2026-12-01", "09:00 "],
  ] as const) {
    assert.equal(kirovMomentOf(date, time), undefined, `${date} ${time}`);
  }
});

test("a publish moment must be typed, real and later than now", () => {
  assert.deepEqual(readPublishMoment("", "09:00", now), {
    ok: false,
    message: scheduleMessages.missing,
  });
  assert.deepEqual(readPublishMoment("2026-12-01", "", now), {
    ok: false,
    message: scheduleMessages.missing,
  });
  assert.deepEqual(readPublishMoment("2026-11-31", "09:00", now), {
    ok: false,
    message: scheduleMessages.invalid,
  });
  // 12:00 in Kirov is now: not later. 11:59 has passed; 12:01 is ahead.
  assert.deepEqual(readPublishMoment("2026-11-27", "12:00", now), {
    ok: false,
    message: scheduleMessages.past,
  });
  assert.deepEqual(readPublishMoment("2026-11-27", "11:59", now), {
    ok: false,
    message: scheduleMessages.past,
  });
  const ahead = readPublishMoment("2026-11-27", "12:01", now);
  assert.ok(ahead.ok);
  assert.equal(ahead.moment.toISOString(), "2026-11-27T09:01:00.000Z");
});

test("a moment back in the form's inputs, seconds only when there are any", () => {
  assert.deepEqual(kirovInputsOf(new Date("2026-11-30T21:30:00Z")), {
    date: "2026-12-01",
    time: "00:30",
  });
  assert.deepEqual(kirovInputsOf(new Date("2026-12-01T06:00:05Z")), {
    date: "2026-12-01",
    time: "09:00:05",
  });
});
