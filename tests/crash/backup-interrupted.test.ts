// The real server killed with SIGKILL in the middle of its scheduled backup, then started again
// at once, as systemd restarts it, on SQLite and PostgreSQL: the restarted server removes what
// the killed one left (the partial copy, and SQLite's journal of it), logs the interrupted run and
// takes the day's backup again without waiting (neither skipped nor left for hours); started once
// more after that, it takes nothing twice. Needs the built site (npm run build).
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { prefillAppeals } from "../../bench/prefill-appeals.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import {
  exited,
  killIfRunning,
  type ServerProcess,
  startServer,
} from "../support/server-process.ts";
import { testDatabaseKinds } from "../support/test-databases.ts";

// Enough rows for the copy to take a while: there is time to kill the server during it.
const rows = 150_000;
const partial = /\.partial(-journal)?$/;

async function waitFor<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  ms = 90_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await sleep(5);
  }
  throw new Error(`timed out waiting for ${what}`);
}

for (const kind of testDatabaseKinds) {
  describe(`scheduled backup killed midway on ${kind.name}`, () => {
    test("the restarted server cleans up, logs the interrupted run and takes the backup again; once", async () => {
      const database = await kind.create();
      const dir = await mkdtemp(join(tmpdir(), "backup-interrupted-"));
      const extension = kind.name === "SQLite" ? "sqlite" : "dump";
      // Due at once, whatever the time of day.
      const env = { BACKUP_DIR: dir, BACKUP_TIME: "00:00", PURGE_TIME: "off" };
      const servers: ServerProcess[] = [];
      const start = async () => {
        const server = await startServer(database.url, env);
        servers.push(server);
        return server;
      };
      try {
        await prefillAppeals(database.url, rows);
        const first = await start();
        const leftovers = await waitFor("the backup's partial file", () => {
          const names = readdirSync(dir).filter((name) => partial.test(name));
          return names.length > 0 ? names : undefined;
        });
        first.child.kill("SIGKILL");
        await exited(first.child);
        const day = kirovIsoDate(new Date());
        const backup = join(dir, `appeals-${day}.${extension}`);
        assert.equal(existsSync(backup), false, "killed before the backup was in place");

        const second = await start();
        await waitFor("the backup taken again", () =>
          second.output().includes('"msg":"backup written"') ? true : undefined,
        );
        assert.match(second.output(), /"msg":"backup interrupted: its server stopped/);
        assert.match(second.output(), /"msg":"removed what an interrupted backup left behind"/);
        const names = readdirSync(dir);
        assert.deepEqual(names, [`appeals-${day}.${extension}`], `left: ${leftovers.join(", ")}`);
        // The log line is written when the file is in place; the run is recorded in the store
        // right after it (the scheduled job's own bookkeeping), and /healthz reads the store.
        const health = await waitFor("the backup recorded", async () => {
          const answer = await (await fetch(`${second.baseUrl}/healthz`)).json();
          return answer.backup.last ? answer : undefined;
        });
        assert.equal(health.backup.last.bytes > 0, true);
        assert.equal(health.backup.interrupted, null, "the day's backup is in place now");

        // Killed again and restarted: the day is done, nothing runs twice.
        second.child.kill("SIGKILL");
        await exited(second.child);
        const third = await start();
        await sleep(2_000);
        assert.doesNotMatch(third.output(), /"msg":"backup written"|backup interrupted/);
        assert.deepEqual(readdirSync(dir), [`appeals-${day}.${extension}`]);
      } catch (error) {
        const outputs = servers.map(
          (server, index) => `server ${index + 1}:\n${server.output().slice(-2000)}`,
        );
        throw new Error(`${(error as Error).message}\n${outputs.join("\n")}`);
      } finally {
        for (const server of servers) await killIfRunning(server);
        await database.drop();
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
}
