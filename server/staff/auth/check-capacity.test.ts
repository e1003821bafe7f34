// The cap on password checks in flight: one address's burst holds at most its share, others
// still start at once; waiters are served first come first served, and give up after the wait.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createCheckCapacity } from "./check-capacity.ts";

const limits = {
  total: 2,
  perAddress: 1,
  maxWaitMs: 200,
  maxWaiting: 3,
  maxWaitingPerAddress: 2,
};

test("one address holds one check; another address starts at once; the total is capped", async () => {
  const capacity = createCheckCapacity(limits);
  const first = await capacity.acquire("a");
  assert.ok(first);
  const queued = capacity.acquire("a");
  const other = await capacity.acquire("b");
  assert.ok(other, "another address is not held up by a's queue");
  assert.deepEqual(capacity.load(), { running: 2, waiting: 1 });
  const third = capacity.acquire("c");
  assert.deepEqual(capacity.load(), { running: 2, waiting: 2 });
  first();
  assert.ok(await queued, "a's waiter goes first when a's check ends");
  other();
  assert.ok(await third);
  assert.deepEqual(capacity.load(), { running: 2, waiting: 0 });
});

test("beyond the queue's bounds the answer is at once; a waiter gives up after maxWaitMs", async () => {
  const capacity = createCheckCapacity(limits);
  const running = await capacity.acquire("a");
  assert.ok(running);
  const waiting = [capacity.acquire("a"), capacity.acquire("a")];
  assert.equal(await capacity.acquire("a"), undefined, "a's waiting places are taken");
  const started = Date.now();
  assert.deepEqual(await Promise.all(waiting), [undefined, undefined]);
  assert.ok(Date.now() - started >= limits.maxWaitMs - 20);
  assert.deepEqual(capacity.load(), { running: 1, waiting: 0 });
  running();
  running();
  assert.deepEqual(capacity.load(), { running: 0, waiting: 0 }, "a release counts once");
});
