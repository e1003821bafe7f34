// The durability settings an acknowledged appeal rests on are the ones the operator's manual
// (docs/operations.md) states, as the database reports them on the store's own connection (the
// one the server commits through).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { parseDatabaseUrl } from "../../server/config.ts";
import { openDataLayer } from "../../server/db/data-layer.ts";
import { testDatabaseKinds } from "../support/test-databases.ts";

const manual = readFileSync("docs/operations.md", "utf8");

const stated = {
  SQLite: { journal_mode: "wal", synchronous: "full" },
  PostgreSQL: { fsync: "on", synchronous_commit: "on" },
};

test("the operator's manual states the durability settings this test checks", () => {
  assert.match(manual, /SQLite \(`node:sqlite`, WAL, `synchronous=FULL`\)/);
  assert.match(manual, /PostgreSQL[^.]*`synchronous_commit=on`[^.]*`fsync=on`/);
});

for (const kind of testDatabaseKinds) {
  test(`${kind.name}: the store commits with the settings the manual states`, async () => {
    const database = await kind.create();
    const store = await openDataLayer(parseDatabaseUrl(database.url));
    try {
      const settings = await store.durability();
      console.log(`${kind.name} durability: ${JSON.stringify(settings)}`);
      assert.deepEqual(settings, stated[kind.name]);
    } finally {
      await store.close();
      await database.drop();
    }
  });
}
