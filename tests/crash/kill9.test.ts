// The real server (node server/main.ts) killed with SIGKILL during a burst of appeals, three
// times in a row: after each restart every appeal that got a 201 is in the store, once; and once
// during a burst of appeals with files, each stored with all its files or not at all.
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
import { pdfOfSize, sampleJpeg, sha256 } from "../support/appeal-files.ts";
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

/** The seed's JSON appeal. */
const postJson = (baseUrl: string, index: number) =>
  fetch(`${baseUrl}/api/users/appeals/`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(appeal(index)),
  });

/**
 * One burst against a fresh server process, ended by SIGKILL once `killAfter` appeals are
 * acknowledged; `post` sends appeal number `index`.
 */
async function burstUntilKilled(
  server: ServerProcess,
  round: number,
  post: (baseUrl: string, index: number) => Promise<Response> = postJson,
  killAfter = killAfterAcknowledged,
) {
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
        const posting = post(baseUrl, index);
        // Enough acknowledged: the kill comes while this appeal is on its way, so it always cuts
        // one in flight. (Killed on a 201 instead, a group commit's whole batch could already be
        // answered: CI saw 173 sent and 173 acknowledged, nothing cut, on the third kill.)
        if (acknowledged.size >= killAfter && !killed) {
          killed = true;
          child.kill("SIGKILL");
        }
        const response = await posting;
        if (response.status === 201) {
          const body = (await response.json()) as { id: string };
          acknowledged.set(body.id, index);
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

// Appeals with files (decision 0045): each has a PDF and a JPEG, stored in the appeal's
// transaction. After the kill every appeal answered 201 is there with both files byte for byte,
// and no stored appeal of the burst (answered or cut off after its commit) has only some of them.
const filesPerAppeal = [
  { name: "анализ.pdf", content: pdfOfSize(64 * 1024) },
  { name: "поле.jpg", content: sampleJpeg },
];
const postWithFiles = (baseUrl: string, index: number) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(appeal(index))) form.append(name, String(value));
  for (const file of filesPerAppeal) {
    form.append("files", new Blob([new Uint8Array(file.content)]), file.name);
  }
  return fetch(`${baseUrl}/api/users/appeals/`, { method: "POST", body: form });
};

for (const kind of testDatabaseKinds) {
  test(`kill -9 during a burst of appeals with files, ${kind.name}: every 201 stored with all its files, none half-stored`, async (t) => {
    const database = await kind.create();
    let server: ServerProcess | undefined;
    try {
      server = await startServer(database.url);
      const burst = await burstUntilKilled(server, 1, postWithFiles, 40);
      const store = await openDataLayer(parseDatabaseUrl(database.url));
      try {
        const stored = (await store.appeals.list()).filter((row) => row.last_name === marker);
        const expected = filesPerAppeal.map((file) => sha256(file.content));
        let whole = 0;
        for (const row of stored) {
          const files = await store.attachments.listOf({ kind: "appeal", id: row.id });
          assert.deepEqual(
            files.map((file) => file.sha256),
            expected,
            `appeal ${row.number}: both files or the appeal is not there`,
          );
          whole += 1;
        }
        const storedIds = new Set(stored.map((row) => row.id));
        const lost = [...burst.acknowledged.keys()].filter((id) => !storedIds.has(id));
        const summary = `${kind.name}, appeals with files: sent ${burst.sent}, acknowledged ${burst.acknowledged.size}, cut off or failed ${burst.failed}; stored ${stored.length}, each with both files ${whole}`;
        t.diagnostic(summary);
        console.log(summary);
        assert.ok(burst.sent > burst.acknowledged.size, "the kill cut requests in flight");
        assert.deepEqual(lost, [], "every acknowledged appeal survived");
      } finally {
        await store.close();
      }
    } finally {
      await killIfRunning(server);
      await database.drop();
    }
  });
}

test("the built site is there (npm run build)", () => {
  assert.ok(existsSync("build/client/index.html") && existsSync("build/server/index.js"));
});
