import assert from "node:assert/strict";
import { test } from "node:test";
import { createRateLimiter } from "./rate-limiter.ts";

function clock(start = Date.parse("2026-11-22T09:00:00Z")) {
  let time = start;
  return {
    now: () => time,
    advance(ms: number) {
      time += ms;
    },
  };
}

test("N a minute per address, then refused until the minute is over", () => {
  const time = clock();
  const limiter = createRateLimiter({ perMinute: 2, perDay: 100 }, time.now);
  assert.deepEqual(limiter.take("a"), { allowed: true });
  time.advance(10_000);
  assert.deepEqual(limiter.take("a"), { allowed: true });
  assert.deepEqual(limiter.take("a"), { allowed: false, retryAfterSeconds: 50 });
  assert.deepEqual(limiter.take("b"), { allowed: true }, "another address has its own count");
  time.advance(50_000);
  assert.deepEqual(limiter.take("a"), { allowed: true }, "a new minute");
});

test("N a day per address, however slowly they come", () => {
  const time = clock();
  const limiter = createRateLimiter({ perMinute: 10, perDay: 3 }, time.now);
  for (let index = 0; index < 3; index += 1) {
    assert.deepEqual(limiter.take("a"), { allowed: true });
    time.advance(60 * 60_000);
  }
  const refused = limiter.take("a");
  assert.equal(refused.allowed, false);
  assert.equal(refused.allowed === false && refused.retryAfterSeconds, 21 * 60 * 60);
  time.advance(21 * 60 * 60_000);
  assert.deepEqual(limiter.take("a"), { allowed: true }, "a new day");
});

test("a refused attempt does not count", () => {
  const time = clock();
  const limiter = createRateLimiter({ perMinute: 1, perDay: 2 }, time.now);
  assert.equal(limiter.take("a").allowed, true);
  for (let index = 0; index < 5; index += 1) assert.equal(limiter.take("a").allowed, false);
  time.advance(60_000);
  assert.equal(limiter.take("a").allowed, true, "the day's second");
});

test("addresses whose day has passed are forgotten", () => {
  const time = clock();
  const limiter = createRateLimiter({ perMinute: 1, perDay: 1 }, time.now);
  for (let index = 0; index < 1000; index += 1) limiter.take(`10.0.${index >> 8}.${index & 255}`);
  time.advance(24 * 60 * 60_000 + 1);
  assert.equal(limiter.take("10.0.0.0").allowed, true);
});
