// The scheduled jobs' record between two servers on one store: a day claimed by exactly one,
// renewed by its claimer only, taken over once its claim lapses (the run counted interrupted; a
// day interrupted twice waits an hour), done once with what it reports, failed and tried again
// an hour later; and the backups' status read from it. The jobs on top of it, across restarts,
// are server/scheduled-jobs/daily-job.test.ts and server/operations/scheduled-backup.test.ts.
import assert from "node:assert/strict";
import { test } from "node:test";
import { contractSuite } from "../../tests/support/data-layer-contract.ts";
import { backupJobName } from "./backup-runs-repository.ts";
import type { DataLayer } from "./data-layer.ts";
import { jobRunTimes } from "./scheduled-job-runs-repository.ts";

const t0 = Date.parse("2026-06-01T00:00:00Z");
const at = (seconds: number) => new Date(t0 + seconds * 1000);
const iso = (seconds: number) => at(seconds).toISOString();
const times = jobRunTimes;
const lease = times.leaseMs / 1000;
const hour = times.retryAfterMs / 1000;
const job = "daily-reminder";

contractSuite(import.meta.filename, (store) => {
  const runs = () => store.data.jobRuns;
  let other: DataLayer;
  const claim = (data: DataLayer, owner: string, day: string, seconds: number, dead?: string) =>
    data.jobRuns.claim(job, day, owner, at(seconds), times, dead);

  test("two servers claim a day at once: exactly one gets it", async () => {
    other = await store.another();
    const won = await Promise.all([
      claim(store.data, "a", "2026-06-01", 0),
      claim(other, "b", "2026-06-01", 0),
    ]);
    assert.deepEqual(won.filter(Boolean), [true], `claims: ${won}`);
    assert.deepEqual(await runs().read(job, "2026-06-01"), {
      claimedBy: won[0] ? "a" : "b",
      renewedAt: iso(0),
      finishedAt: null,
      failedAt: null,
      interruptedAt: null,
    });
    assert.equal(await runs().read(job, "2026-06-02"), null);
    assert.equal(await claim(store.data, "a", "2026-06-02", 0), true, "another day is free");
    assert.equal(
      await claim(store.data, "a", "2026-06-02", 1),
      false,
      "held, from its claimer too",
    );
  });

  test("renewed by its claimer only; once not renewed for the lease, the other takes it over", async () => {
    const holder = (await runs().read(job, "2026-06-01"))?.claimedBy ?? "";
    const stranger = holder === "a" ? "b" : "a";
    assert.equal(await runs().renew(job, "2026-06-01", stranger, at(30)), false);
    assert.equal(await other.jobRuns.renew(job, "2026-06-01", holder, at(30)), true);
    assert.deepEqual(await runs().liveDays(job, at(60), times.leaseMs), [
      "2026-06-01",
      "2026-06-02",
    ]);
    assert.equal(await claim(other, stranger, "2026-06-01", 30 + lease - 1), false);

    assert.equal(await claim(other, stranger, "2026-06-01", 30 + lease + 1), true);
    const taken = await runs().read(job, "2026-06-01");
    assert.deepEqual([taken?.claimedBy, taken?.interruptedAt], [stranger, iso(30)]);
    const late = at(30 + lease + 2);
    assert.equal(await runs().renew(job, "2026-06-01", holder, late), false, "no longer its own");
    assert.equal(await runs().finish(job, "2026-06-01", holder, late, {}), false);
    assert.deepEqual(await runs().status(job, late, times.leaseMs), {
      last: null,
      failure: null,
      interrupted: { day: "2026-06-01", at: iso(30) },
    });

    // Interrupted a second time: the day waits an hour from its last sign of life.
    const second = 30 + lease + 1;
    assert.equal(await claim(store.data, holder, "2026-06-01", second + lease + 1), false);
    assert.equal(await claim(store.data, holder, "2026-06-01", second + hour + 1), true);
    // A claimer known dead (a process of this machine that is gone) need not wait its lease out.
    const now = second + hour + 2;
    assert.equal(await claim(store.data, holder, "2026-06-05", now), true);
    assert.equal(await claim(other, stranger, "2026-06-05", now + 1), false);
    assert.equal(await claim(other, stranger, "2026-06-05", now + 1, holder), true);
  });

  test("done once, with what it reports; done in the work's transaction or not at all", async () => {
    const { transaction } = store.data;
    await assert.rejects(
      transaction(async (tx) => {
        await runs().finish(job, "2026-06-02", "a", at(5100), { sent: 3 }, tx);
        throw new Error("the work failed");
      }),
      /the work failed/,
    );
    assert.equal((await runs().read(job, "2026-06-02"))?.finishedAt, null, "rolled back");
    const done = await transaction((tx) =>
      runs().finish(job, "2026-06-02", "a", at(5101), { sent: 3 }, tx),
    );
    assert.equal(done, true);
    assert.equal(await runs().finish(job, "2026-06-02", "a", at(5102), { sent: 4 }), false);
    assert.equal(await claim(other, "b", "2026-06-02", 10 * hour), false, "never again");
    assert.deepEqual((await runs().status(job, at(5200), times.leaseMs)).last, {
      day: "2026-06-02",
      at: iso(5101),
      result: { sent: 3 },
    });
    assert.deepEqual(await runs().liveDays(job, at(5200), times.leaseMs), []);
  });

  test("a failed day is tried again an hour later, not before", async () => {
    await claim(store.data, "a", "2026-06-03", 6000);
    await runs().fail(job, "2026-06-03", "a", at(6001), "SMTP 451");
    await runs().fail(job, "2026-06-03", "b", at(6002), "not its claim");
    const failed = await runs().read(job, "2026-06-03");
    assert.deepEqual([failed?.failedAt, failed?.finishedAt], [iso(6001), null]);
    assert.deepEqual((await runs().status(job, at(6003), times.leaseMs)).failure, {
      day: "2026-06-03",
      at: iso(6001),
      error: "SMTP 451",
    });
    assert.equal(await claim(other, "b", "2026-06-03", 6001 + hour), false);
    assert.equal(await claim(other, "b", "2026-06-03", 6001 + hour + 1), true);
    assert.equal((await runs().read(job, "2026-06-03"))?.failedAt, null, "tried afresh");
  });

  test("the backups' status: the newest in place, and a newer failure or interruption", async () => {
    const backup = (day: string, seconds: number) =>
      runs().claim(backupJobName, day, "a", at(seconds), times);
    const { backupRuns } = store.data;
    assert.deepEqual(await backupRuns.status(at(0)), {
      last: null,
      failure: null,
      interrupted: null,
    });
    await backup("2026-06-01", 0);
    const file = { file: "appeals-2026-06-01.sqlite", bytes: 4096 };
    await runs().finish(backupJobName, "2026-06-01", "a", at(5), file);
    await backup("2026-06-02", 86_400);
    await runs().fail(backupJobName, "2026-06-02", "a", at(86_409), "disk full");
    await backup("2026-06-03", 2 * 86_400);
    assert.deepEqual(await backupRuns.status(at(2 * 86_400 + 60)), {
      last: { day: "2026-06-01", at: iso(5), ...file },
      failure: { day: "2026-06-02", at: iso(86_409), error: "disk full" },
      interrupted: null,
    });
    assert.deepEqual(
      (await backupRuns.status(at(2 * 86_400 + lease + 1))).interrupted,
      { day: "2026-06-03", at: iso(2 * 86_400) },
      "its server died midway",
    );
  });
});
