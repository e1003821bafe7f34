// The real server (node server/main.ts) killed with SIGKILL during a burst of appeals, three
// times in a row: after each restart every appeal that got a 201 is in the store, once.
//
// What this proves: the 201 is sent only after the store's commit has returned, so a process
// crash at any moment loses nothing acknowledged. It does not prove survival of a power cut; that
// rests on the durability settings (durability.test.ts pins them) and on disks that honour fsync.
// Needs the built site (npm run build).
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { describe, test } from "node:test";
import { parseDatabaseUrl } from "../../server/config.ts";
import { openDataLayer } from "../../server/db/data-layer.ts";
import {
  exited,
  killIfRunning,
  type ServerProcess,
  startServer,
} from "../support/server-process.ts";
import { testDatabaseKinds } from "../support/test-databases.ts";

const workers = 24;
const killAfterAcknowledged = 150;
const rounds = 3;
const marker = "Крашев";

function appeal(index: number) {
  return {
    first_name: "Иван",
    last_name: `${marker}`,
    email: `crash-${index}@example.ru`,
    phone: "+7 912 345-67-89",
    region: "43 - Кировская область",
    comment: `Обращение номер ${index} из нагрузочной серии.`,
    consent: true,
  };
}

/** One burst against a fresh server process, ended by SIGKILL once enough appeals are acknowledged. */
async function burstUntilKilled(server: ServerProcess, round: number) {
  const { child, baseUrl } = server;
  let sent = 0;
  let next = 0;
  let killed = false;
  let failed = 0;
  const acknowledged = new Map<string, number>(); // id -> index of the appeal sent
  const worker = async () => {
    while (!killed) {
      const index = round * 1_000_000 + next++;
      sent += 1;
      try {
        const response = await fetch(`${baseUrl}/api/users/appeals/`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(appeal(index)),
        });
        if (response.status === 201) {
          const body = (await response.json()) as { id: string };
          acknowledged.set(body.id, index);
          if (acknowledged.size >= killAfterAcknowledged && !killed) {
            killed = true;
            child.kill("SIGKILL");
          }
        } else {
          failed += 1;
        }
      } catch {
        failed += 1; // the connection died with the server: not acknowledged
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  await exited(child);
  assert.equal(child.signalCode, "SIGKILL");
  return { sent, failed, acknowledged };
}

for (const kind of testDatabaseKinds) {
  describe(`kill -9 during a burst, ${kind.name}`, () => {
    test(`${rounds} kills in a row: after each restart every appeal answered 201 is stored, once`, async (t) => {
      const database = await kind.create();
      let server: ServerProcess | undefined;
      let log = "";
      try {
        const acknowledged = new Map<string, number>();
        for (let round = 1; round <= rounds; round++) {
          server = await startServer(database.url);
          const burst = await burstUntilKilled(server, round);
          log += server.output();
          for (const [id, index] of burst.acknowledged) acknowledged.set(id, index);

          // The next start opens the same store after the kill: everything acknowledged so far is
          // there, each appeal once.
          const store = await openDataLayer(parseDatabaseUrl(database.url));
          const stored = await store.appeals.list();
          await store.close();
          const byId = new Map(stored.map((row) => [row.id, row]));
          let found = 0;
          for (const [id, index] of acknowledged) {
            if (byId.get(id)?.email === `crash-${index}@example.ru`) found += 1;
          }
          const summary = `${kind.name}, kill ${round}: sent ${burst.sent}, acknowledged ${burst.acknowledged.size}, cut off or failed ${burst.failed}; acknowledged so far ${acknowledged.size}, found ${found}, stored ${stored.length}`;
          t.diagnostic(summary);
          console.log(summary);
          assert.ok(burst.acknowledged.size >= killAfterAcknowledged);
          assert.ok(burst.sent > burst.acknowledged.size, "the kill cut requests in flight");
          assert.equal(found, acknowledged.size, "every acknowledged appeal survived");
          const emails = stored.map((row) => row.email);
          assert.equal(new Set(emails).size, emails.length, "no appeal stored twice");
          const numbers = stored.map((row) => row.number);
          assert.equal(new Set(numbers).size, numbers.length, "registration numbers stay unique");
        }

        // After the last kill the server starts on the store and takes appeals again.
        server = await startServer(database.url);
        const after = await fetch(`${server.baseUrl}/api/users/appeals/`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(appeal(-1)),
        });
        assert.equal(after.status, 201);
        server.child.kill("SIGTERM");
        await exited(server.child);
        assert.equal(server.child.exitCode, 0, "a clean stop on SIGTERM");
        log += server.output();

        // The server's log lines carry no personal data.
        assert.ok(log.includes('"path":"/api/users/appeals/"'), "requests were logged");
        for (const secret of [marker, "crash-1", "345-67-89", "нагрузочной"]) {
          assert.ok(!log.includes(secret), `the log holds ${secret}`);
        }
      } finally {
        await killIfRunning(server);
        await database.drop();
      }
    });
  });
}

test("the built site is there (npm run build)", () => {
  assert.ok(existsSync("build/client/index.html") && existsSync("build/server/index.js"));
});
