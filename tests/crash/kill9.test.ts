// The real server (node server/main.ts) killed with SIGKILL during a burst of appeals: after a
// restart every appeal that got a 201 is in the store. Needs the built site (npm run build).
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { parseDatabaseUrl } from "../../server/config.ts";
import { openStore } from "../../server/store/open-store.ts";
import { testDatabaseKinds } from "../../server/store/test-databases.ts";

const workers = 24;
const killAfterAcknowledged = 150;
const marker = "Крашев";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

type Server = { child: ChildProcess; baseUrl: string; output: () => string };

async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "info",
      // Every request of the burst comes from 127.0.0.1.
      RATE_LIMIT_PER_MINUTE: "1000000",
      RATE_LIMIT_PER_DAY: "1000000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return { child, baseUrl, output: () => output };
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  child.kill("SIGKILL");
  throw new Error(`server did not answer /healthz:\n${output}`);
}

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

function exited(child: ChildProcess) {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once("exit", () => resolve()));
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
        if (server && server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill("SIGKILL");
          await exited(server.child);
        }
        await database.drop();
      }
    });
  });
}

test("the built site is there (npm run build)", () => {
  assert.ok(existsSync("build/client/index.html") && existsSync("build/server/index.js"));
});
