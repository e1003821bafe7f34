// A continuous job's lease between two servers on one store (issue 46, the mailbox reader): held
// by exactly one, renewed by its holder only, taken over once it runs out or at once from a
// holder known dead or released; the last success and failure recorded by the holder only; and
// the count of read messages waiting for a registrar. The reader on top of it, with a real IMAP
// server, is server/mail/inbound/mailbox-reader.test.ts.
import assert from "node:assert/strict";
import { test } from "node:test";
import { contractSuite } from "../../tests/support/data-layer-contract.ts";
import { runSql } from "../../tests/support/direct-sql.ts";
import type { DataLayer } from "./data-layer.ts";

const t0 = Date.parse("2026-06-01T00:00:00Z");
const at = (seconds: number) => new Date(t0 + seconds * 1000);
const iso = (seconds: number) => at(seconds).toISOString();
const leaseMs = 120_000;
const job = "mailbox";

contractSuite(import.meta.filename, (store) => {
  const leases = () => store.data.jobLeases;
  let other: DataLayer;

  test("two servers claim the job at once: exactly one holds it, until its lease runs out", async () => {
    other = await store.another();
    assert.equal(await leases().read(job), null);
    const won = await Promise.all([
      leases().claim(job, "a", at(0), leaseMs),
      other.jobLeases.claim(job, "b", at(0), leaseMs),
    ]);
    assert.deepEqual(won.filter(Boolean), [true], `claims: ${won}`);
    const holder = won[0] ? "a" : "b";
    const stranger = won[0] ? "b" : "a";
    assert.deepEqual(await leases().read(job), {
      owner: holder,
      leaseUntil: iso(120),
      lastSuccessAt: null,
      lastFailureAt: null,
      lastError: null,
    });
    assert.equal(await leases().claim(job, holder, at(10), leaseMs), true, "its own, again");
    assert.equal(await leases().claim(job, stranger, at(100), leaseMs), false, "held");
    assert.equal(await leases().renew(job, stranger, at(100), leaseMs), false, "not its own");
    assert.equal(await other.jobLeases.renew(job, holder, at(100), leaseMs), true);
    assert.equal((await leases().read(job))?.leaseUntil, iso(220));
    assert.equal(await leases().claim(job, stranger, at(219), leaseMs), false, "renewed");
    assert.equal(await leases().claim(job, stranger, at(220), leaseMs), true, "ran out");
    assert.equal(await leases().renew(job, holder, at(221), leaseMs), false, "taken over");
    assert.equal((await leases().read(job))?.owner, stranger);
    // Another job's lease is a row of its own.
    assert.equal(await leases().claim("another-job", holder, at(221), leaseMs), true);
  });

  test("a holder known dead, or one that released the job, need not be waited out", async () => {
    const holder = (await leases().read(job))?.owner ?? "";
    const next = holder === "a" ? "b" : "a";
    assert.equal(await leases().claim(job, next, at(230), leaseMs, "someone-else"), false);
    assert.equal(await leases().claim(job, next, at(230), leaseMs, holder), true, "dead holder");
    await leases().release(job, holder);
    assert.equal((await leases().read(job))?.owner, next, "released by another: no effect");
    await other.jobLeases.release(job, next);
    assert.equal((await leases().read(job))?.leaseUntil, null);
    assert.equal(await leases().claim(job, "c", at(231), leaseMs), true, "released: free");
  });

  test("the last success and failure are recorded by the holder only", async () => {
    assert.equal(await leases().succeeded(job, "c", at(240)), true);
    assert.equal(await leases().failed(job, "c", at(250), "Error ECONNREFUSED"), true);
    assert.equal(await leases().succeeded(job, "a", at(260)), false, "not the holder");
    assert.equal(await other.jobLeases.failed(job, "b", at(260), "Error ETIMEDOUT"), false);
    assert.deepEqual(await leases().read(job), {
      owner: "c",
      leaseUntil: iso(231 + 120),
      lastSuccessAt: iso(240),
      lastFailureAt: iso(250),
      lastError: "Error ECONNREFUSED",
    });
    assert.equal(await leases().succeeded(job, "c", at(270)), true);
    const read = await other.jobLeases.read(job);
    assert.deepEqual([read?.lastSuccessAt, read?.lastFailureAt], [iso(270), iso(250)]);
  });

  test("the read messages waiting for a registrar are counted", async () => {
    assert.equal(await leases().waitingInboundMessages(), 0);
    const insert = (sha: string, state: string) =>
      runSql(
        store.url,
        "INSERT INTO inbound_messages (sha256, read_at, kind, state, byte_size) VALUES (?, ?, 'unmatched', ?, 10)",
        [sha, iso(300), state],
      );
    await insert("a".repeat(64), "waiting");
    await insert("b".repeat(64), "waiting");
    await insert("c".repeat(64), "registered");
    await insert("d".repeat(64), "set-aside");
    assert.equal(await leases().waitingInboundMessages(), 2);
    assert.equal(await other.jobLeases.waitingInboundMessages(), 2);
  });
});
