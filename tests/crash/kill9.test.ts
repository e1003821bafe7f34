// The real server (node server/main.ts) killed with SIGKILL during a burst of appeals: after a
// restart every appeal that got a 201 is in the store. Needs the built site (npm run build).
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { describe, test } from "node:test";
import { parseDatabaseUrl } from "../../server/config.ts";
import { openStore } from "../../server/store/open-store.ts";
import { testDatabaseKinds } from "../../server/store/test-databases.ts";
import { exited, killServer, type Server, startServer } from "./server-process.ts";

const workers = 24;
const killAfterAcknowledged = 150;
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

for (const kind of testDatabaseKinds) {
  describe(`kill -9 during a burst, ${kind.name}`, () => {
    test("every appeal answered 201 is in the store after a restart", async (t) => {
      const database = await kind.create();
      let server: Server | undefined;
      try {
        server = await startServer(database.url);
        const { child, baseUrl } = server;

        let sent = 0;
        let next = 0;
        let killed = false;
        const acknowledged = new Map<string, number>(); // id -> index of the appeal sent
        let failed = 0;

        const worker = async () => {
          while (!killed) {
            const index = next++;
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
        const firstOutput = server.output();

        // Restart on the same store: it opens, migrates nothing, and takes appeals again.
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

        const store = await openStore(parseDatabaseUrl(database.url));
        const stored = await store.listAppeals();
        await store.close();
        const byId = new Map(stored.map((row) => [row.id, row]));
        let found = 0;
        for (const [id, index] of acknowledged) {
          const row = byId.get(id);
          if (row && row.email === `crash-${index}@example.ru`) found += 1;
        }
        const summary = `${kind.name}: sent ${sent}, acknowledged ${acknowledged.size}, found ${found} (in the store: ${stored.length - 1} from the burst, failed or cut off: ${failed})`;
        t.diagnostic(summary);
        console.log(summary);

        assert.ok(acknowledged.size >= killAfterAcknowledged);
        assert.ok(sent > acknowledged.size, "the kill cut requests in flight");
        assert.equal(found, acknowledged.size, "every acknowledged appeal survived");
        const numbers = stored.map((row) => row.number);
        assert.equal(new Set(numbers).size, numbers.length, "registration numbers stay unique");

        // The server's log lines carry no personal data.
        const log = firstOutput + server.output();
        assert.ok(log.includes('"path":"/api/users/appeals/"'), "requests were logged");
        for (const secret of [marker, "crash-1@", "345-67-89", "нагрузочной"]) {
          assert.ok(!log.includes(secret), `the log holds ${secret}`);
        }
      } finally {
        await killServer(server);
        await database.drop();
      }
    });
  });
}

test("the built site is there (npm run build)", () => {
  assert.ok(existsSync("build/client/index.html") && existsSync("build/server/index.js"));
});
