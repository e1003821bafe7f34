// PostgreSQL goes away under a steady load of appeals (the connections cut, new ones refused) and
// comes back: the server answers 503 quickly meanwhile, /healthz says unhealthy, and it recovers
// by itself, without a restart. Every appeal answered 201 is in the database afterwards.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { parseDatabaseUrl } from "../../server/config.ts";
import { openDataLayer } from "../../server/db/data-layer.ts";
import { type LoadOutcome, startAppealLoad } from "../support/appeal-load.ts";
import {
  exited,
  killIfRunning,
  type ServerProcess,
  startServer,
} from "../support/server-process.ts";
import { startPostgresProxy } from "../support/tcp-proxy.ts";
import { createPostgresDatabase } from "../support/test-databases.ts";
import { waitUntil } from "../support/wait-until.ts";

const workers = 4;
/** "Quickly": no request may wait longer than this for its answer, outage or not. */
const longestWaitMs = 5_500;
/** The outage: longer than the longest wait allowed, so a request that waited it out fails. */
const outageMs = longestWaitMs + 500;
/** Appeals stored before the cut (the load under way), and again after the recovery. */
const warmUpAppeals = 20;

type Outcome = LoadOutcome;

const accepted = (outcomes: readonly Outcome[]) => outcomes.filter((o) => o.status === 201).length;

function appeal(index: number) {
  return {
    first_name: "Ольга",
    last_name: "Отказова",
    email: `outage-${index}@example.ru`,
    phone: "+7 912 345-67-89",
    region: "",
    comment: `Обращение ${index} во время недоступности базы данных.`,
    consent: true,
  };
}

test("PostgreSQL unreachable for a while: quick 503s, unhealthy, recovery without a restart, every 201 stored", async (t) => {
  const database = await createPostgresDatabase();
  const { proxy, url: proxiedUrl } = await startPostgresProxy(database.url);
  let server: ServerProcess | undefined;
  let stopLoad = async () => {};
  try {
    server = await startServer(proxiedUrl);
    const { baseUrl } = server;
    const started = Date.now();
    const load = startAppealLoad({ baseUrl, workers, started, appeal, pauseAfterRefusalMs: 100 });
    const { outcomes } = load;
    stopLoad = load.stop;

    // Once the load is under way (a few appeals stored), however long the server took for it.
    await waitUntil("the load under way", () => accepted(outcomes) >= warmUpAppeals, 60_000);
    const cutAt = Date.now() - started;
    await proxy.cut();
    // /healthz says so within 1.5 s of the cut: asked until it does (each answer may take 10 s).
    let healthDuringOutage: number;
    do {
      healthDuringOutage = (
        await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(10_000) })
      ).status;
      if (healthDuringOutage === 503) break;
      await sleep(50);
    } while (Date.now() - started - cutAt < 1_500);
    // The outage itself lasts its while: longer than any request may wait.
    await sleep(Math.max(0, outageMs - (Date.now() - started - cutAt)));
    const restoredAt = Date.now() - started;
    await proxy.restore();

    // Recovery by itself: a 201 and a healthy /healthz again within a few seconds.
    let recoveredAt: number | undefined;
    while (Date.now() - started - restoredAt < 15_000) {
      const health = await fetch(`${baseUrl}/healthz`).then((response) => response.status);
      const accepted = outcomes.some(
        (outcome) => outcome.status === 201 && outcome.at > restoredAt,
      );
      if (health === 200 && accepted) {
        recoveredAt = Date.now() - started;
        break;
      }
      await sleep(200);
    }
    // A few appeals more once recovered, stored like the others (checked below).
    const sentWhenRecovered = load.sent();
    await waitUntil(
      "appeals accepted after the recovery",
      () =>
        recoveredAt === undefined ||
        accepted(outcomes.filter((o) => o.index >= sentWhenRecovered)) >= warmUpAppeals,
      30_000,
    );
    await stopLoad();

    const during = outcomes.filter((o) => o.at > cutAt + 500 && o.at + o.ms < restoredAt);
    const counts = new Map<Outcome["status"], number>();
    for (const outcome of outcomes)
      counts.set(outcome.status, (counts.get(outcome.status) ?? 0) + 1);
    const longest = Math.max(...outcomes.map((outcome) => outcome.ms));
    const summary = `requests ${outcomes.length}: ${[...counts].map(([status, n]) => `${status}×${n}`).join(", ")}; during the outage ${during.length} (all 503: ${during.every((o) => o.status === 503)}); longest wait ${longest} ms; recovered ${recoveredAt === undefined ? "never" : `${recoveredAt - restoredAt} ms after the database returned`}`;
    t.diagnostic(summary);
    console.log(`PostgreSQL outage: ${summary}`);

    assert.equal(healthDuringOutage, 503, "/healthz reports the outage");
    assert.ok(during.length > 0, "requests were made during the outage");
    assert.ok(
      during.every((o) => o.status === 503),
      "every request during the outage got 503",
    );
    assert.ok(
      outcomes.every((o) => o.status === 201 || o.status === 503),
      "no other answer, no hang",
    );
    assert.ok(longest <= longestWaitMs, `the longest wait was ${longest} ms`);
    assert.ok(recoveredAt !== undefined, "the server recovered without a restart");

    server.child.kill("SIGTERM");
    await exited(server.child);
    const store = await openDataLayer(parseDatabaseUrl(database.url));
    const stored = new Set((await store.appeals.list()).map((row) => row.id));
    await store.close();
    const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.id);
    assert.ok(acknowledged.length > 0);
    assert.deepEqual(
      acknowledged.filter((id) => id === undefined || !stored.has(id)),
      [],
      "every appeal answered 201 is stored",
    );
  } catch (error) {
    throw new Error(
      `${(error as Error).message}\nserver output:\n${server?.output().slice(-3000)}`,
    );
  } finally {
    await killIfRunning(server);
    await stopLoad();
    await proxy.close();
    await database.drop();
  }
});
