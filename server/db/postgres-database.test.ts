// The shared counts' connections do not wait for the disk; the appeals' connections do.
import assert from "node:assert/strict";
import { test } from "node:test";
import pg from "pg";
import { createPostgresDatabase } from "../../tests/support/test-databases.ts";
import { openDataLayer } from "./data-layer.ts";
import { migrationLockSql, withoutCommitWait } from "./postgres-database.ts";

async function settingsOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ commit: string; path: string }>(
      "SELECT current_setting('synchronous_commit') AS commit, current_setting('search_path') AS path",
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

test("rate-limit counts: synchronous_commit off, the URL's own options kept", async () => {
  const database = await createPostgresDatabase();
  try {
    const schema = new URL(database.url).searchParams.get("options")?.split("=")[1];
    assert.deepEqual(await settingsOf(withoutCommitWait(database.url)), {
      commit: "off",
      path: schema,
    });
    assert.equal(
      (await settingsOf(withoutCommitWait(`${database.url.split("?")[0]}`)))?.commit,
      "off",
    );
    // The appeals themselves still wait for their commit to reach the disk.
    const store = await openDataLayer({ kind: "postgres", url: database.url });
    assert.equal((await store.durability()).synchronous_commit, "on");
    await store.close();
  } finally {
    await database.drop();
  }
});

test("a store's migration waits for its own store's, never for another store's in the database", async () => {
  const [one, other] = [await createPostgresDatabase(), await createPostgresDatabase()];
  // A server of `one` in the middle of its migration: the lock taken, the transaction open.
  const migrating = new pg.Client({ connectionString: one.url });
  await migrating.connect();
  try {
    await migrating.query("BEGIN");
    await migrating.query(migrationLockSql);

    const otherStore = await Promise.race([
      openDataLayer({ kind: "postgres", url: other.url }),
      new Promise<undefined>((resolve) => setTimeout(resolve, 20_000, undefined)),
    ]);
    assert.ok(otherStore, "the other store started while the first one migrated");
    await otherStore.close();

    let sameStarted = false;
    const same = openDataLayer({ kind: "postgres", url: one.url }).then((store) => {
      sameStarted = true;
      return store;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(sameStarted, false, "a second server of the same store waits for the lock");
    await migrating.query("COMMIT");
    await (await same).close();
  } finally {
    await migrating.end();
    await one.drop();
    await other.drop();
  }
});
