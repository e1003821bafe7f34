// Both stores through the one interface: migrations, numbering, durability across reopen, filters.
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import { sampleNewAppeal } from "../../tests/support/test-appeal.ts";
import {
  createPostgresDatabase,
  type TestDatabase,
  testDatabaseKinds,
  testPostgresUrl,
} from "../../tests/support/test-databases.ts";
import { parseDatabaseUrl } from "../config.ts";
import type { NewAppeal } from "./appeals-repository.ts";
import { type DataLayer, openDataLayer } from "./data-layer.ts";
import { latestVersion, migrations } from "./migrations.ts";

const appeal = sampleNewAppeal;

// The PostgreSQL suites need a server: without one they fail (counted here too), never skip.
test(`PostgreSQL is reachable at ${testPostgresUrl} (TEST_DATABASE_URL)`, async () => {
  const database = await createPostgresDatabase();
  await database.drop();
});

test("the migration list is in order, versions unique, both dialects written", () => {
  const versions = migrations.map((migration) => migration.version);
  assert.deepEqual(
    versions,
    [...versions].sort((a, b) => a - b),
  );
  assert.equal(new Set(versions).size, versions.length);
  assert.equal(latestVersion, versions.at(-1));
  for (const migration of migrations) {
    assert.ok(migration.sqlite.trim() && migration.postgres.trim(), migration.name);
  }
});

for (const kind of testDatabaseKinds) {
  describe(`${kind.name} store`, () => {
    let database: TestDatabase;
    before(async () => {
      database = await kind.create();
    });
    after(async () => {
      await database?.drop();
    });

    test("migrates at open, records the versions, and stores across a reopen", async () => {
      const first = await openDataLayer(parseDatabaseUrl(database.url));
      const a = await insert(
        first,
        appeal("2026-03-01T08:00:00Z", { region: "43 - Кировская область" }),
      );
      const b = await insert(first, appeal("2026-03-02T08:00:00Z", { user_agent: "UA" }));
      await first.close();
      assert.match(a.number, /^А-2026-\d{6}$/);
      assert.ok(b.number > a.number, "numbers increase");

      const second = await openDataLayer(parseDatabaseUrl(database.url));
      try {
        const listed = await second.appeals.list();
        assert.deepEqual(
          listed.map((stored) => stored.number),
          [a.number, b.number],
        );
        assert.deepEqual(listed[0], {
          id: a.id,
          number: a.number,
          created_at: "2026-03-01T08:00:00.000Z",
          first_name: "Иван",
          last_name: "Петров",
          email: "ivan@example.ru",
          phone: "8 912 345-67-89",
          region: "43 - Кировская область",
          comment: "Текст",
          consent: true,
          phone_normalized: "+79123456789",
          consent_at: "2026-03-01T08:00:00.000Z",
          consent_text_version: "test-1",
          client_ip: "203.0.113.5",
          user_agent: null,
        });
        assert.equal(listed[1]?.user_agent, "UA");
        const c = await insert(second, appeal("2026-03-03T08:00:00Z"));
        assert.ok(c.number > b.number, "numbering continues after a reopen");
      } finally {
        await second.close();
      }
      assert.deepEqual(
        await appliedVersions(database.url),
        migrations.map((m) => m.version),
      );
    });

    test("since: appeals created at or after the moment", async () => {
      const store = await openDataLayer(parseDatabaseUrl(database.url));
      try {
        const since = await store.appeals.list({ since: new Date("2026-03-02T08:00:00Z") });
        assert.deepEqual(
          since.map((stored) => stored.created_at),
          ["2026-03-02T08:00:00.000Z", "2026-03-03T08:00:00.000Z"],
        );
      } finally {
        await store.close();
      }
    });

    test("a database migrated by a newer release is refused at open", async () => {
      await recordVersion(database.url, latestVersion + 1);
      await assert.rejects(
        openDataLayer(parseDatabaseUrl(database.url)),
        /newer than this release/,
      );
    });
  });
}

function insert(data: DataLayer, newAppeal: NewAppeal) {
  return data.transaction((tx) => data.appeals.insert(newAppeal, tx));
}

async function appliedVersions(url: string): Promise<number[]> {
  const config = parseDatabaseUrl(url);
  if (config.kind === "sqlite") {
    const db = new DatabaseSync(config.path, { readOnly: true });
    const rows = db.prepare("SELECT version FROM schema_migrations ORDER BY version").all();
    db.close();
    return rows.map((row) => Number(row.version));
  }
  const client = new pg.Client({ connectionString: config.url });
  await client.connect();
  const { rows } = await client.query("SELECT version FROM schema_migrations ORDER BY version");
  await client.end();
  return rows.map((row) => Number(row.version));
}

async function recordVersion(url: string, version: number) {
  const config = parseDatabaseUrl(url);
  const sql = "INSERT INTO schema_migrations (version, name, applied_at) VALUES ";
  if (config.kind === "sqlite") {
    const db = new DatabaseSync(config.path);
    db.prepare(`${sql}(?, 'future', '2030-01-01')`).run(version);
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: config.url });
  await client.connect();
  await client.query(`${sql}($1, 'future', now())`, [version]);
  await client.end();
}
