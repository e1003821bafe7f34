// The public review's counts cannot be undone by subtraction: a reader who tries every table the
// published row allows (tests/support/review-disclosure.ts) finds no hidden count of 1 to 4, in
// the case and in thousands of made-up quarters; and no more is withheld than needed.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  derivableSmallCounts,
  type SeenCount,
  seenCount,
} from "../../tests/support/review-disclosure.ts";
import { reviewCount, summariseReview } from "./appeals-review.ts";
import type { ReviewCounts } from "./review-suppression.ts";

const quarter = { label: "IV квартал 2026", first: "2026-10-01", last: "2026-12-31" };

/** One quarter's counts through the review's own summary, as the page writes them. */
function published(counts: ReviewCounts) {
  const open = counts.received - counts.answered - counts.forwarded - counts.withoutAnswer;
  const states = [
    { bucket: 0, state: "answered", ground: null, count: counts.answered },
    { bucket: 0, state: "forwarded", ground: null, count: counts.forwarded },
    { bucket: 0, state: "without_answer", ground: "no-text", count: counts.withoutAnswer },
    { bucket: 0, state: "in_progress", ground: null, count: open },
  ];
  // Late answers: registered on 1 October, answered on 1 December (past the 30-day term).
  const late = counts.answered - counts.answeredOnTime;
  const lateCandidates = [
    {
      bucket: 0,
      registeredOn: "2026-10-01",
      extensionDays: 0,
      answeredOn: "2026-12-01",
      count: late,
    },
  ];
  const [row] = summariseReview({ states, lateCandidates }, [quarter]);
  assert.ok(row);
  const seen = (key: keyof ReviewCounts): SeenCount => seenCount(reviewCount(row[key]));
  return {
    received: seen("received"),
    answered: seen("answered"),
    forwarded: seen("forwarded"),
    withoutAnswer: seen("withoutAnswer"),
    answeredOnTime: seen("answeredOnTime"),
  };
}

/** Received, answered, forwarded, without an answer, answered on time. */
function publishedRow(...[received, answered, forwarded, withoutAnswer, answeredOnTime]: number[]) {
  return published({
    received: received ?? 0,
    answered: answered ?? 0,
    forwarded: forwarded ?? 0,
    withoutAnswer: withoutAnswer ?? 0,
    answeredOnTime: answeredOnTime ?? 0,
  });
}

test("«Дан ответ» 7 and «Ответ дан в срок» 6 no longer tell of one late answer", () => {
  const row = publishedRow(20, 7, 8, 5, 6);
  assert.deepEqual(derivableSmallCounts(row), {});
  assert.equal(row.answered, 7);
  assert.equal(row.answeredOnTime, "скрыто");
  assert.equal(row.received, 20);
});

test("appeals still open, worked out from the outcomes, are protected too", () => {
  // 2 still open: received 30 − 15 − 8 − 5.
  const row = publishedRow(30, 15, 8, 5, 15);
  assert.deepEqual(derivableSmallCounts(row), {});
  assert.equal(row.withoutAnswer, "скрыто", "the smallest outcome is withheld");
  assert.equal(row.answered, 15);
});

test("a quarter with nothing to protect is shown whole", () => {
  const row = publishedRow(40, 20, 10, 10, 20);
  assert.deepEqual(Object.values(row), [40, 20, 10, 10, 20]);
});

test("in 3,000 made-up quarters, no hidden count of 1 to 4 can be worked out", () => {
  // A small generator of its own (no dependency): the same quarters every run.
  let seed = 26;
  const next = (below: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % below;
  };
  const leaks: string[] = [];
  for (let index = 0; index < 3000; index += 1) {
    const answeredOnTime = next(12);
    const answered = answeredOnTime + next(7);
    const forwarded = next(9);
    const withoutAnswer = next(8);
    const received = answered + forwarded + withoutAnswer + next(7);
    const counts = { received, answered, forwarded, withoutAnswer, answeredOnTime };
    const found = derivableSmallCounts(published(counts));
    if (Object.keys(found).length > 0) {
      leaks.push(`${JSON.stringify(counts)} → ${JSON.stringify(found)}`);
    }
  }
  assert.deepEqual(leaks.slice(0, 5), []);
});
