// `npm run appeals -- backup|restore`: what the operator is told and the exit codes (0 done,
// 1 refused or failed, 2 a wrong command line), on both stores.
import assert from "node:assert/strict";
import { existsSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import { appealsCommand } from "../../tests/support/appeals-command.ts";
import {
  createPostgresDatabase,
  type TestDatabase,
  testPostgresUrl,
} from "../../tests/support/test-databases.ts";
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

  test("PostgreSQL: backup is a pg_dump archive; restore puts it in place, keeping the schema that was there", async () => {
    const file = join(dir, "store.dump");
    const done = await appeals(postgres.url, "backup", file);
    assert.equal(done.code, 0, done.stderr);
    assert.match(done.stdout, /Backup written to .*store\.dump: \d+ bytes/);
    assert.match(done.stdout, / {2}appeals: 0/);
    const restore = await appeals(postgres.url, "restore", file);
    assert.equal(restore.code, 0, restore.stderr);
    const kept = /The schema that was there is kept as (\S+)\.$/m.exec(restore.stdout)?.[1];
    assert.ok(kept?.includes("_before_restore_"), restore.stdout);
    assert.match(restore.stdout, /the next appeal gets А-\d{4}-010001/);
    assert.match(restore.stdout, /Mail: nothing was pending in the backup; nothing is held\./);
    const client = new pg.Client({ connectionString: testPostgresUrl });
    await client.connect();
    await client.query(`DROP SCHEMA ${client.escapeIdentifier(kept ?? "")} CASCADE`);
    await client.end();
    const notArchive = join(dir, "not.dump");
    writeFileSync(notArchive, "not an archive");
    const refused = await appeals(postgres.url, "restore", notArchive);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /is not a pg_dump archive/);
  });

  test("restore and the held mail's commands: a wrong command line is exit 2", async () => {
    const url = `sqlite:${join(dir, "a.sqlite")}`;
    const wrong = [
      [
        ["restore", "x", "--last-number", "12-34"],
        /--last-number "12-34" is not a registration number/,
      ],
      [["restore", "x", "--margin", "many"], /--margin "many" is not a whole number/],
      [["backup", "x", "--margin", "5"], /belong to restore/],
      [["release-mail"], /needs either --all, or --kind and\/or --older-than/],
      [["cancel-mail", "--all", "--kind", "appeal-answer"], /not both/],
      [["release-mail", "--kind", "letter"], /--kind "letter" is none of appeal-notification/],
      [["release-mail", "--older-than", "3 days"], /not an age such as 90m, 12h or 3d/],
      [["held-mail", "--all"], /held-mail takes only --json/],
    ] as const;
    for (const [args, message] of wrong) {
      const result = await appeals(url, ...args);
      assert.equal(result.code, 2, args.join(" "));
      assert.match(result.stderr, message);
    }
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
