// The daily backup on SQLite and PostgreSQL (pg_dump): taken at its time by one of two servers
// sharing the store, written under its day's name, old ones pruned to BACKUP_KEEP; a failure is
// recorded, shown by /healthz's data, and tried again an hour later.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { FastifyBaseLogger } from "fastify";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { storeAppealIn } from "../../tests/support/staff-fixtures.ts";
import { startTestApp } from "../../tests/support/test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../../tests/support/test-databases.ts";
import { parseDatabaseUrl } from "../config.ts";
import { type DataLayer, openDataLayer } from "../db/data-layer.ts";
import { jobRunTimes } from "../db/scheduled-job-runs-repository.ts";
import { createScheduledBackup } from "./scheduled-backup.ts";

const lines: string[] = [];
const log = {
  info: (fields: object, message: string) => lines.push(`${message} ${JSON.stringify(fields)}`),
  error: (fields: object, message: string) => lines.push(`${message} ${JSON.stringify(fields)}`),
  warn: (fields: object, message: string) => lines.push(`${message} ${JSON.stringify(fields)}`),
} as unknown as FastifyBaseLogger;

// 24 November 2026 in Kirov (UTC+3): 02:59 and 03:01.
const before0300 = new Date("2026-11-23T23:59:00Z");
const after0300 = new Date("2026-11-24T00:01:00Z");

for (const kind of testDatabaseKinds) {
  describe(`scheduled backup on ${kind.name}`, () => {
    let database: TestDatabase;
    let servers: DataLayer[];
    let dir: string;
    const extension = kind.name === "SQLite" ? "sqlite" : "dump";

    before(async () => {
      database = await kind.create();
      const config = parseDatabaseUrl(database.url);
      // Two servers on SQLite are two connections of one process to one file, as a restart
      // overlapping the old process would be; on PostgreSQL, two pools.
      servers = [await openDataLayer(config), await openDataLayer(config)];
      await storeAppealIn(servers[0] as DataLayer, new Date("2026-11-20T08:00:00Z"));
      dir = await mkdtemp(join(tmpdir(), "scheduled-backup-"));
    });
    after(async () => {
      for (const server of servers ?? []) await server.close();
      await database?.drop();
      await rm(dir, { recursive: true, force: true });
    });

    const backupOn = (data: DataLayer, now: Date, keep = 3, into = dir) =>
      createScheduledBackup({
        data,
        schedule: { dir: into, keep, time: "03:00" },
        log,
        now: () => now,
      });

    test("not before its time; then taken by exactly one of two servers", async () => {
      const [first, second] = servers as [DataLayer, DataLayer];
      assert.equal(await backupOn(first, before0300).runOnce(), "not-yet");
      const outcomes = await Promise.all([
        backupOn(first, after0300).runOnce(),
        backupOn(second, after0300).runOnce(),
      ]);
      assert.deepEqual(outcomes.sort(), ["claimed-elsewhere", "written"].sort());
      assert.deepEqual(readdirSync(dir), [`appeals-2026-11-24.${extension}`]);
      assert.equal(await backupOn(second, after0300).runOnce(), "done");
      const status = await first.backupRuns.status();
      assert.equal(status.last?.day, "2026-11-24");
      assert.equal(status.last?.file, `appeals-2026-11-24.${extension}`);
      assert.ok((status.last?.bytes ?? 0) > 0);
      assert.equal(status.failure, null);
      assert.ok(lines.some((line) => line.startsWith("backup written")));
    });

    test("keeps the newest BACKUP_KEEP and never touches other files", async () => {
      const data = servers[0] as DataLayer;
      writeFileSync(join(dir, `appeals-2026-11-01.${extension}`), "old");
      writeFileSync(join(dir, `appeals-2026-11-02.${extension}`), "old");
      writeFileSync(join(dir, "operator-copy.sqlite"), "mine");
      // Left by a server that died mid-backup (the copy and SQLite's journal of it), and one
      // being written right now by another server, whose claim of its day is alive.
      const abandoned = `.appeals-2026-11-02.${extension}.0b5e2f6c-1d2e-4f00-8a00-000000000001.partial`;
      const writing = `.appeals-2026-11-27.${extension}.0b5e2f6c-1d2e-4f00-8a00-000000000002.partial`;
      writeFileSync(join(dir, abandoned), "half");
      writeFileSync(join(dir, `${abandoned}-journal`), "journal");
      writeFileSync(join(dir, writing), "half");
      const next = (days: number) => new Date(after0300.getTime() + days * 86_400_000);
      assert.ok(await data.jobRuns.claim("backup", "2026-11-27", "other", next(2), jobRunTimes));
      assert.equal(await backupOn(data, next(1)).runOnce(), "written");
      assert.equal(await backupOn(data, next(2)).runOnce(), "written");
      assert.deepEqual(readdirSync(dir).sort(), [
        `.appeals-2026-11-27.${extension}.0b5e2f6c-1d2e-4f00-8a00-000000000002.partial`,
        `appeals-2026-11-24.${extension}`,
        `appeals-2026-11-25.${extension}`,
        `appeals-2026-11-26.${extension}`,
        "operator-copy.sqlite",
      ]);
    });

    test("a failure is recorded and tried again an hour later", async () => {
      const data = servers[0] as DataLayer;
      const blocked = join(dir, "blocked");
      writeFileSync(blocked, "a file where the directory should be");
      const day = new Date("2026-12-01T00:30:00Z");
      assert.equal(await backupOn(data, day, 3, blocked).runOnce(), "failed");
      const status = await data.backupRuns.status();
      assert.equal(status.failure?.day, "2026-12-01");
      assert.ok(lines.some((line) => line.startsWith("backup failed")));
      // Within the hour nobody retries; after it the next check does, and succeeds.
      const soon = new Date(day.getTime() + 30 * 60_000);
      assert.equal(await backupOn(data, soon, 3, blocked).runOnce(), "claimed-elsewhere");
      const later = new Date(day.getTime() + 61 * 60_000);
      const fixed = join(dir, "fixed");
      mkdirSync(fixed);
      assert.equal(await backupOn(data, later, 3, fixed).runOnce(), "written");
      assert.ok(existsSync(join(fixed, `appeals-2026-12-01.${extension}`)));
      assert.equal((await data.backupRuns.status()).failure, null);
    });

    test("/healthz shows the last backup's time and size, and a failure, without paths", async () => {
      const data = servers[0] as DataLayer;
      const health = async () => {
        const { app } = await startTestApp({ databaseUrl: database.url, data });
        const body = (await app.inject({ url: "/healthz" })).json();
        await app.close();
        return body.backup;
      };
      const shown = await health();
      const last = (await data.backupRuns.status()).last;
      assert.deepEqual(shown, {
        scheduled: "off",
        last: { at: last?.at, bytes: last?.bytes },
        failure: null,
        interrupted: null,
      });
      const day = new Date("2026-12-02T00:30:00Z");
      assert.equal(await backupOn(data, day, 3, join(dir, "blocked")).runOnce(), "failed");
      const failed = await health();
      assert.equal(failed.failure.day, "2026-12-02");
      assert.equal(JSON.stringify(failed).includes(dir), false, "no path in the public answer");
    });

    test("a backup whose server died midway: /healthz shows it until the day's backup is in place", async () => {
      // A store of its own: the clock here is the real one.
      const own = await kind.create();
      const data = await openDataLayer(parseDatabaseUrl(own.url));
      try {
        const health = async () => {
          const { app } = await startTestApp({ databaseUrl: own.url, data });
          const body = (await app.inject({ url: "/healthz" })).json();
          await app.close();
          return body.backup;
        };
        // Claimed by a server of another machine five minutes ago, never renewed since.
        const claimedAt = new Date(Date.now() - 5 * 60_000);
        const day = kirovIsoDate(claimedAt);
        assert.ok(await data.jobRuns.claim("backup", day, "elsewhere/1/x", claimedAt, jobRunTimes));
        assert.deepEqual((await health()).interrupted, { day, at: claimedAt.toISOString() });
        // Taken again (any time is past 00:00) and written: no longer shown.
        const again = createScheduledBackup({
          data,
          schedule: { dir, keep: 30, time: "00:00" },
          log,
        });
        assert.equal(await again.runOnce(), "written");
        assert.ok(lines.some((line) => line.startsWith("backup interrupted")));
        assert.equal((await health()).interrupted, null);
      } finally {
        await data.close();
        await own.drop();
      }
    });
  });
}
