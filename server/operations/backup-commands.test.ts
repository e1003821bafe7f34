// `npm run appeals -- backup|restore`: what the operator is told and the exit codes (0 done,
// 1 refused or failed, 2 a wrong command line), on both stores.
import assert from "node:assert/strict";
import { existsSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { appealsCommand } from "../../tests/support/appeals-command.ts";
import { createPostgresDatabase, type TestDatabase } from "../../tests/support/test-databases.ts";
import { parseDatabaseUrl } from "../config.ts";
import { openDataLayer } from "../db/data-layer.ts";

const appeals = (databaseUrl: string, ...args: string[]) => appealsCommand(databaseUrl, args);

describe("backup and restore commands", () => {
  let dir: string;
  let postgres: TestDatabase;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "backup-commands-"));
    postgres = await createPostgresDatabase();
    await (await openDataLayer(parseDatabaseUrl(postgres.url))).close();
  });
  after(async () => {
    await postgres?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  test("a wrong command line: exit 2 with the usage", async () => {
    const missing = await appeals(`sqlite:${join(dir, "a.sqlite")}`, "backup");
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /backup needs a FILE/);
    assert.match(missing.stderr, /npm run appeals -- restore FILE/);
    const extra = await appeals(`sqlite:${join(dir, "a.sqlite")}`, "restore", "x", "y");
    assert.equal(extra.code, 2);
  });

  test("SQLite: no store, an existing target: refused with exit 1, nothing written", async () => {
    const store = join(dir, "none.sqlite");
    const absent = await appeals(`sqlite:${store}`, "backup", join(dir, "b.sqlite"));
    assert.equal(absent.code, 1);
    assert.match(absent.stderr, /No appeals store/);
    assert.equal(existsSync(store), false);
    const taken = join(dir, "taken.sqlite");
    writeFileSync(taken, "operator's file");
    await (await openDataLayer({ kind: "sqlite", path: store })).close();
    const refused = await appeals(`sqlite:${store}`, "backup", taken);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /exists already/);
  });

  test("PostgreSQL: backup is a pg_dump archive; restore says how with pg_restore", async () => {
    const file = join(dir, "store.dump");
    const done = await appeals(postgres.url, "backup", file);
    assert.equal(done.code, 0, done.stderr);
    assert.match(done.stdout, /Backup written to .*store\.dump: \d+ bytes/);
    assert.match(done.stdout, / {2}appeals: 0/);
    const restore = await appeals(postgres.url, "restore", file);
    assert.equal(restore.code, 1);
    assert.match(restore.stderr, /pg_restore --clean --if-exists --no-owner/);
  });

  test("PostgreSQL without pg_dump: a clear message, exit 1", async () => {
    const refused = await appealsCommand(postgres.url, ["backup", join(dir, "x.dump")], {
      PATH: "/nonexistent",
    });
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /pg_dump is not installed.*postgresql-client/);
    assert.equal(existsSync(join(dir, "x.dump")), false);
  });
});
