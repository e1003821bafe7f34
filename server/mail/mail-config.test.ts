import assert from "node:assert/strict";
import { test } from "node:test";
import { defaultRetrySchedule, waitAfterFailedAttempt } from "./mail-config.ts";

test("retry schedule: waits double from 30 s; 10 tries span about 4 h 15 min", () => {
  const waits: number[] = [];
  for (let attempt = 1; ; attempt += 1) {
    const wait = waitAfterFailedAttempt(defaultRetrySchedule, attempt);
    if (wait === null) break;
    waits.push(wait);
  }
  assert.equal(waits.length, 9, "nine waits between ten tries");
  assert.deepEqual(waits.slice(0, 3), [30_000, 60_000, 120_000]);
  assert.equal(waits.at(-1), 30_000 * 2 ** 8);
  const totalMinutes = waits.reduce((sum, wait) => sum + wait, 0) / 60_000;
  assert.equal(totalMinutes, 255.5);
});
