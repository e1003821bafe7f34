// «Проверить до» (issue 43): 12 months on, a missing day its month's last; the last publish moves
// the day on only when it came after the day was set; the day itself is still in time.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  addMonths,
  effectiveReviewDate,
  pastReviewDate,
  readReviewDate,
  reviewDateMessages,
  reviewDayAfter,
} from "./review-date.ts";

test("12 months on; a day the month lacks becomes its last", () => {
  assert.equal(addMonths("2026-11-28", 12), "2027-11-28");
  assert.equal(addMonths("2028-02-29", 12), "2029-02-28");
  assert.equal(addMonths("2026-01-31", 1), "2026-02-28");
  assert.equal(addMonths("2026-12-15", 1), "2027-01-15");
  // 23:30 UTC on 31 December is already 1 January in Kirov (UTC+3).
  assert.equal(reviewDayAfter(new Date("2026-12-31T23:30:00Z")), "2028-01-01");
});

test("whichever came last counts: a publish after the day was set, or the day set after it", () => {
  const stored = { reviewBy: "2027-03-01", setAt: "2026-06-01T10:00:00.000Z" };
  assert.equal(effectiveReviewDate(stored, "2026-07-01T10:00:00.000Z"), "2027-07-01");
  assert.equal(effectiveReviewDate(stored, "2026-05-01T10:00:00.000Z"), "2027-03-01");
  assert.equal(effectiveReviewDate(stored, null), "2027-03-01");
  assert.equal(effectiveReviewDate(undefined, "2026-05-01T10:00:00.000Z"), "2027-05-01");
  assert.equal(effectiveReviewDate(undefined, null), undefined, "first seen: the caller stores it");
});

test("past its day only after the day; a typed day is a real one from today to 5 years on", () => {
  assert.equal(pastReviewDate("2026-11-28", "2026-11-28"), false);
  assert.equal(pastReviewDate("2026-11-27", "2026-11-28"), true);
  assert.deepEqual(readReviewDate(" 2027-01-10 ", "2026-11-28"), {
    ok: true,
    reviewBy: "2027-01-10",
  });
  assert.deepEqual(readReviewDate("2026-02-30", "2026-01-01"), {
    ok: false,
    message: reviewDateMessages.invalid,
  });
  assert.deepEqual(readReviewDate("2026-11-27", "2026-11-28"), {
    ok: false,
    message: reviewDateMessages.past,
  });
  assert.deepEqual(readReviewDate("2031-11-29", "2026-11-28"), {
    ok: false,
    message: reviewDateMessages.tooFar,
  });
});
