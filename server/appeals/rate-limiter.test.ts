import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, mock, test } from "node:test";
import { clientKey } from "./client-key.ts";
import { createMemoryRateLimiter } from "./rate-limiter.ts";

// rate-limiter-flexible reads Date.now() and expires keys with setTimeout: both mocked.
beforeEach(() => {
  mock.timers.enable({ apis: ["Date", "setTimeout"], now: Date.parse("2026-11-22T09:00:00Z") });
});
afterEach(() => {
  mock.timers.reset();
});

const minute = 60_000;

describe("memory rate limit", () => {
  test("N a minute per address, then refused until the minute is over", async () => {
    const limiter = createMemoryRateLimiter({ perMinute: 2, perDay: 100 });
    assert.deepEqual(await limiter.take("203.0.113.1"), { allowed: true });
    mock.timers.tick(10_000);
    assert.deepEqual(await limiter.take("203.0.113.1"), { allowed: true });
    assert.deepEqual(await limiter.take("203.0.113.1"), {
      allowed: false,
      retryAfterSeconds: 50,
    });
    assert.deepEqual(await limiter.take("203.0.113.2"), { allowed: true }, "another address");
    mock.timers.tick(50_000);
    assert.deepEqual(await limiter.take("203.0.113.1"), { allowed: true }, "a new minute");
  });

  test("N a day per address, however slowly they come", async () => {
    const limiter = createMemoryRateLimiter({ perMinute: 10, perDay: 3 });
    for (let index = 0; index < 3; index += 1) {
      assert.deepEqual(await limiter.take("203.0.113.1"), { allowed: true });
      mock.timers.tick(60 * minute);
    }
    assert.deepEqual(await limiter.take("203.0.113.1"), {
      allowed: false,
      retryAfterSeconds: 21 * 60 * 60,
    });
    mock.timers.tick(21 * 60 * minute);
    assert.deepEqual(await limiter.take("203.0.113.1"), { allowed: true }, "a new day");
  });

  test("a burst refused by the minute does not use up the day", async () => {
    const limiter = createMemoryRateLimiter({ perMinute: 1, perDay: 2 });
    assert.equal((await limiter.take("203.0.113.1")).allowed, true);
    for (let index = 0; index < 5; index += 1) {
      assert.equal((await limiter.take("203.0.113.1")).allowed, false);
    }
    mock.timers.tick(minute);
    assert.equal((await limiter.take("203.0.113.1")).allowed, true, "the day's second");
  });

  test("IPv6: one /64 is one client, however many addresses it rotates through", async () => {
    const limiter = createMemoryRateLimiter({ perMinute: 3, perDay: 100 });
    const decisions: boolean[] = [];
    for (const address of [
      "2001:db8:1:2::1",
      "2001:db8:1:2::2",
      "2001:db8:1:2:abcd:ef01:2345:6789",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0db8:0001:0002::9",
    ]) {
      decisions.push((await limiter.take(address)).allowed);
    }
    assert.deepEqual(decisions, [true, true, true, false, false]);
    assert.equal((await limiter.take("2001:db8:1:3::1")).allowed, true, "the next /64 is another");
  });

  test("memory is bounded: past the cap the least recently seen client is forgotten", async () => {
    const limiter = createMemoryRateLimiter({ perMinute: 1, perDay: 1 }, { maxTracked: 100 });
    for (let index = 0; index < 1000; index += 1) {
      await limiter.take(`10.0.${index >> 8}.${index & 255}`);
      assert.ok(limiter.tracked() <= 100, `${limiter.tracked()} tracked after ${index + 1}`);
    }
    // The first client was pushed out, so it starts afresh; the latest is still counted.
    assert.equal((await limiter.take("10.0.0.0")).allowed, true);
    assert.equal((await limiter.take(`10.0.3.231`)).allowed, false);
  });

  test("clients whose day has passed are forgotten without any new traffic from them", async () => {
    const limiter = createMemoryRateLimiter({ perMinute: 1, perDay: 1 });
    for (let index = 0; index < 300; index += 1)
      await limiter.take(`10.0.${index >> 8}.${index & 255}`);
    assert.equal(limiter.tracked(), 300);
    mock.timers.tick(24 * 60 * minute + 1);
    await limiter.take("192.0.2.1");
    assert.equal(limiter.tracked(), 1);
    assert.equal((await limiter.take("10.0.0.0")).allowed, true);
  });
});

describe("clientKey", () => {
  test("IPv4 as it is; IPv6 by /64 in one spelling; IPv4-mapped as IPv4", () => {
    assert.equal(clientKey("203.0.113.7"), "203.0.113.7");
    assert.equal(clientKey("::ffff:203.0.113.7"), "203.0.113.7");
    assert.equal(clientKey("2001:db8:1:2::1"), "2001:db8:1:2::/64");
    assert.equal(clientKey("2001:0DB8:0001:0002:ffff:0:0:1"), "2001:db8:1:2::/64");
    assert.equal(clientKey("2001:db8::1"), "2001:db8:0:0::/64");
    assert.equal(clientKey("::1"), "0:0:0:0::/64");
    assert.equal(clientKey("fe80::1%eth0"), "fe80:0:0:0::/64");
  });
});
