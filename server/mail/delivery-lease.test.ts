// The sender's lease on its claimed mails: kept while the store takes the renewals, however long
// the sends last; given up (the sends in flight aborted) before it ends when the store does not.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { holdLease } from "./delivery-lease.ts";

const now = () => new Date();

test("renewed every quarter of the lease, it holds for many leases' time", async () => {
  const renewals: number[] = [];
  const lease = holdLease({
    leaseMs: 1000,
    renew: async (until) => {
      renewals.push(until.getTime());
    },
    onLost: () => assert.fail("the lease was kept"),
    now,
  });
  try {
    await sleep(2600);
    assert.equal(lease.signal.aborted, false);
    assert.ok(renewals.length >= 5, `${renewals.length} renewals in 2.6 leases`);
    // The last renewal holds a whole lease from when it was made, past now.
    assert.ok((renewals.at(-1) ?? 0) > Date.now());
  } finally {
    lease.stop();
  }
});

test("when the store refuses the renewals, it aborts before the lease runs out", async () => {
  const claimedAt = Date.now();
  let lost = 0;
  const lease = holdLease({
    leaseMs: 2000,
    renew: () => Promise.reject(new Error("store down")),
    onLost: () => {
      lost += 1;
    },
    now,
  });
  try {
    await new Promise((aborted) => lease.signal.addEventListener("abort", aborted));
    const abortedAfter = Date.now() - claimedAt;
    assert.ok(abortedAfter < 2000, `aborted ${abortedAfter} ms after the claim, past its lease`);
    assert.equal((lease.signal.reason as { code?: string }).code, "ELEASE");
    await sleep(250);
    assert.equal(lost, 1, "told once");
  } finally {
    lease.stop();
  }
});
