// The scheduled jobs' helper on SQLite and PostgreSQL: a server restarted around a job's minute
// neither runs the day's job twice nor skips it. Each "server" is a job made by createDailyJob on
// a connection of its own, with its own clock; a server that dies mid-run is one whose run never
// goes on (its claim is then no longer renewed), as a process killed would leave it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { hostname } from "node:os";
import { after, before, describe, test } from "node:test";
import type { FastifyBaseLogger } from "fastify";
import { querySql } from "../../tests/support/direct-sql.ts";
import { type TestDatabase, testDatabaseKinds } from "../../tests/support/test-databases.ts";
import { parseDatabaseUrl } from "../config.ts";
import { eventEntry } from "../db/audit-repository.ts";
import { type DataLayer, openDataLayer } from "../db/data-layer.ts";
import { createDailyJob, type DailyRun } from "./daily-job.ts";

const lines: string[] = [];
const log = {
  info() {},
  warn: (fields: object, message: string) => lines.push(`${message} ${JSON.stringify(fields)}`),
  error: (fields: object, message: string) => lines.push(`${message} ${JSON.stringify(fields)}`),
} as unknown as FastifyBaseLogger;

// 24 November 2026 in Kirov (UTC+3): the job is due at 08:00.
const at = (kirovTime: string) => new Date(`2026-11-24T${kirovTime}+03:00`);

/** A process id that surely belongs to no running process: one that has just ended. */
function goneProcessId(): number {
  const ended = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(ended.stdout.toString());
}

for (const kind of testDatabaseKinds) {
  describe(`a daily job across restarts on ${kind.name}`, () => {
    let database: TestDatabase;
    let servers: DataLayer[];
    before(async () => {
      database = await kind.create();
      const config = parseDatabaseUrl(database.url);
      servers = [await openDataLayer(config), await openDataLayer(config)];
    });
    after(async () => {
      for (const server of servers ?? []) await server.close();
      await database?.drop();
    });

    /** The job's effect: one audit line per run, written with the day's mark. */
    const writeEffect = (data: DataLayer, job: string) => async (run: DailyRun) => {
      await data.transaction(async (tx) => {
        await run.finishIn(tx, { wrote: 1 });
        await data.audit.record(eventEntry(run.at, "job", "purge", `${job} ${run.day}`), tx);
      });
      return {};
    };
    const countEffects = async (_data: DataLayer, job: string) =>
      Number(
        (
          await querySql(database.url, "SELECT count(*) AS n FROM staff_audit WHERE details = ?", [
            `${job} 2026-11-24`,
          ])
        )[0]?.n,
      );

    const jobOn = (
      data: DataLayer,
      name: string,
      now: Date,
      run: (run: DailyRun) => Promise<Record<string, unknown>>,
    ) => createDailyJob({ name, time: "08:00", data, log, now: () => now, run });

    test("killed mid-run and restarted: the restarted server runs the day once the claim lapses; the dead run cannot finish it again", async () => {
      const [first, second] = servers as [DataLayer, DataLayer];
      const name = `restart-${kind.name}`;
      let wakeUp: () => void = () => {};
      const asleep = new Promise<void>((resolve) => {
        wakeUp = resolve;
      });
      // The first server claims the day at 08:00:30 and dies before its work commits.
      const dying = jobOn(first, name, at("08:00:30"), async (run) => {
        await asleep;
        return writeEffect(first, name)(run);
      }).runOnce();
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Restarted a few seconds later: the claim is still fresh, it waits.
      const restartedAt = (time: string) =>
        jobOn(second, name, at(time), writeEffect(second, name));
      assert.equal(await restartedAt("08:00:45").runOnce(), "claimed-elsewhere");
      assert.equal(await restartedAt("08:01:45").runOnce(), "claimed-elsewhere");
      // Past the two minutes' lease: interrupted, taken again, run.
      assert.equal(await restartedAt("08:02:45").runOnce(), "ran");
      assert.equal(await countEffects(second, name), 1);
      assert.ok(lines.some((line) => line.startsWith(`${name} interrupted`)));
      // The dead run wakes up (a paused process, not a killed one): its claim is gone.
      wakeUp();
      assert.equal(await dying, "claimed-elsewhere");
      assert.equal(await countEffects(second, name), 1, "not twice");
      // Restarted again later that day: done.
      assert.equal(await restartedAt("08:10:00").runOnce(), "done");
      assert.equal(await countEffects(second, name), 1);
    });

    test("restarted right after the run committed: nothing runs twice", async () => {
      const [first, second] = servers as [DataLayer, DataLayer];
      const name = `committed-${kind.name}`;
      assert.equal(
        await jobOn(first, name, at("08:00:05"), writeEffect(first, name)).runOnce(),
        "ran",
      );
      assert.equal(
        await jobOn(second, name, at("08:00:06"), writeEffect(second, name)).runOnce(),
        "done",
      );
      assert.equal(await countEffects(second, name), 1);
    });

    test("a claim by a process of this machine that is gone is taken over at once", async () => {
      const [first, second] = servers as [DataLayer, DataLayer];
      const name = `gone-${kind.name}`;
      const dead = `${hostname()}/${goneProcessId()}/0b5e2f6c-1d2e-4f00-8a00-000000000003`;
      assert.ok(
        await first.jobRuns.claim(name, "2026-11-24", dead, at("08:00:00"), {
          leaseMs: 120_000,
          retryAfterMs: 3_600_000,
        }),
      );
      assert.equal(
        await jobOn(second, name, at("08:00:10"), writeEffect(second, name)).runOnce(),
        "ran",
      );
      assert.equal(await countEffects(second, name), 1);
    });

    test("not before its time; a server started after it runs the day it missed", async () => {
      const [first] = servers as [DataLayer];
      const name = `late-${kind.name}`;
      assert.equal(
        await jobOn(first, name, at("07:59:59"), writeEffect(first, name)).runOnce(),
        "not-yet",
      );
      assert.equal(
        await jobOn(first, name, at("15:30:00"), writeEffect(first, name)).runOnce(),
        "ran",
      );
      assert.equal(await countEffects(first, name), 1);
    });
  });
}
