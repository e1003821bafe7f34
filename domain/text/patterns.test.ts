import assert from "node:assert/strict";
import { test } from "node:test";
import {
  inputTimePattern,
  isoDatePattern,
  itemIdPattern,
  timeOfDayPattern,
  uuidPattern,
} from "./patterns.ts";

test("patterns: an item id is lowercase letters, digits and hyphens, 1 to 60", () => {
  assert.ok(itemIdPattern.test("lab-2"));
  assert.ok(!itemIdPattern.test("Lab"));
  assert.ok(!itemIdPattern.test(""));
  assert.ok(!itemIdPattern.test("a".repeat(61)));
});

test("patterns: a day, a UUID and times are matched whole", () => {
  assert.ok(isoDatePattern.test("2026-11-22"));
  assert.ok(!isoDatePattern.test("2026-1-22"));
  assert.ok(!isoDatePattern.test("x2026-11-22"));
  assert.ok(uuidPattern.test("3F2C0A1B-0000-4000-8000-00000000000A"));
  assert.ok(!uuidPattern.test("3f2c0a1b-0000-4000-8000-00000000000"));
  assert.deepEqual(timeOfDayPattern.exec("23:59")?.slice(1), ["23", "59"]);
  assert.ok(!timeOfDayPattern.test("24:00"));
  assert.ok(!timeOfDayPattern.test("09:00:30"));
  assert.deepEqual(inputTimePattern.exec("09:00:30")?.slice(1), ["09", "00", "30"]);
  assert.equal(inputTimePattern.exec("09:00")?.[3], undefined);
});
