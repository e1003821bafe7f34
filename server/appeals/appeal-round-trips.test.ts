// Round trips to PostgreSQL per appeal POST, counted on the wire between the whole app and the
// database (decision 0033): the appeal's own (the registration sequence and one statement) and
// the shared rate limit's. A change that adds a wait for the database shows here.
import assert from "node:assert/strict";
import { connect, createServer, type Server } from "node:net";
import { after, before, test } from "node:test";
import { postAppeal, startTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { createPostgresDatabase, type TestDatabase } from "../../tests/support/test-databases.ts";

/**
 * A TCP relay to PostgreSQL that counts what the clients wait on: each simple Query message ('Q')
 * and each Sync ('S'), which closes a statement of the extended protocol (Parse, Bind, Execute).
 * The first message of a connection is the startup message, which has no type byte.
 */
async function countingRelay(databaseUrl: string) {
  const target = new URL(databaseUrl);
  let roundTrips = 0;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    let started = false;
    let pending = Buffer.alloc(0);
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const typed = started ? 1 : 0;
        if (pending.length < typed + 4) break;
        const length = typed + pending.readInt32BE(typed);
        if (pending.length < length) break;
        if (started && (pending[0] === 0x51 || pending[0] === 0x53)) roundTrips += 1;
        pending = pending.subarray(length);
        started = true;
      }
    });
    upstream.pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const address = server.address();
  assert.ok(address && typeof address === "object");
  const relayed = new URL(databaseUrl);
  relayed.hostname = "127.0.0.1";
  relayed.port = String(address.port);
  return {
    url: relayed.toString(),
    roundTrips: () => roundTrips,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

let database: TestDatabase;
let relay: Awaited<ReturnType<typeof countingRelay>>;
let site: TestApp;

before(async () => {
  database = await createPostgresDatabase();
  relay = await countingRelay(database.url);
  site = await startTestApp({ databaseUrl: relay.url });
});

after(async () => {
  await site?.close();
  await relay?.close();
  await database?.drop();
});

/** The round trips one POST of an appeal from `email` makes. */
async function roundTripsOfPost(email: string): Promise<number> {
  const before = relay.roundTrips();
  await postAppeal(site, { email });
  return relay.roundTrips() - before;
}

test("an appeal POST waits on PostgreSQL 4 times: rate limit (2), sequence, appeal", async () => {
  // The first count of the day deletes the days before, once in the process.
  await roundTripsOfPost("first@example.ru");
  const counted = await roundTripsOfPost("first@example.ru");
  for (let index = 3; index <= 5; index += 1) await roundTripsOfPost("first@example.ru");
  const findsFull = await roundTripsOfPost("first@example.ru");
  const knownFull = await roundTripsOfPost("first@example.ru");
  // Before decision 0033: 10, 9 and 8 (BEGIN, the sequence, the appeal, the notification, the
  // count's read and upsert, the acknowledgement or the audit line, COMMIT, and the rate limit).
  assert.deepEqual({ counted, findsFull, knownFull }, { counted: 4, findsFull: 4, knownFull: 4 });
});
