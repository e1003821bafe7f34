import assert from "node:assert/strict";
import { test } from "node:test";
import { registrationNumber } from "./registration-number.ts";

test("registration numbers: Cyrillic А, the year in Kirov time, six digits at least", () => {
  assert.equal(registrationNumber(123, new Date("2026-06-01T10:00:00Z")), "А-2026-000123");
  assert.equal(registrationNumber(7, new Date("2026-12-31T21:30:00Z")), "А-2027-000007");
  assert.equal(registrationNumber(1234567, new Date("2026-06-01T10:00:00Z")), "А-2026-1234567");
});
