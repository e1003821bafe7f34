// The shared counts' connections do not wait for the disk; the appeals' connections do.
import assert from "node:assert/strict";
import { test } from "node:test";
import pg from "pg";
import { createPostgresDatabase } from "../../tests/support/test-databases.ts";
import { openDataLayer } from "./data-layer.ts";
import { withoutCommitWait } from "./postgres-database.ts";

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
