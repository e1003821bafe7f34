// The SQLite store's backup and restore: a consistent, verified copy taken while appeals keep
// being written, put in place atomically; a restore refused while the store is open, and one that
// keeps the replaced store (with its write-ahead log) beside the restored one.
import assert from "node:assert/strict";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { after, before, describe, test } from "node:test";
import { acknowledgementLimit } from "../../domain/appeals/acknowledgement-cap.ts";
import { sampleNewAppeal } from "../../tests/support/test-appeal.ts";
import { storeAppeal } from "../appeals/store-appeal.ts";
import { type DataLayer, openDataLayer } from "./data-layer.ts";
import { backupSqliteStore } from "./sqlite-backup.ts";
import { restoreSqliteStore, StoreInUseError } from "./sqlite-restore.ts";
import { sqliteStoreUsers } from "./sqlite-store-users.ts";

function appealIds(path: string): string[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db
      .prepare("SELECT id FROM appeals ORDER BY seq")
      .all()
      .map((row) => String(row.id));
  } finally {
    db.close();
  }
}

describe("SQLite backup and restore", () => {
  let dir: string;
  let store: string;
  let data: DataLayer;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "sqlite-backup-"));
    store = join(dir, "appeals.sqlite");
    data = await openDataLayer({ kind: "sqlite", path: store });
    for (let index = 0; index < 300; index++) {
      await storeAppeal(data, sampleNewAppeal("2026-11-20T10:00:00Z", { comment: `до ${index}` }));
    }
  });
  after(async () => {
    await data?.close();
    await rm(dir, { recursive: true, force: true });
  });

  test("a backup taken while appeals are written is one moment of the store, verified", async () => {
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await storeAppeal(data, sampleNewAppeal("2026-11-20T11:00:00Z", { comment: "во время" }));
        written += 1;
      }
    })();
    // Let the burst start before the copy.
    while (written < 20) await new Promise((resolve) => setImmediate(resolve));
    const target = join(dir, "copy.sqlite");
    const report = await data.backup(target);
    writing = false;
    await writer;

    assert.equal(report.file, target);
    const copied = appealIds(target);
    const now = appealIds(store);
    assert.equal(report.counts.appeals, copied.length);
    // Every appeal's mails were written with it: the copy holds the handlers' notification of
    // each, and the acknowledgements of the first 5 (one address, one day: the limit).
    assert.equal(report.counts.deliveries, copied.length + acknowledgementLimit.perAddress);
    assert.ok(copied.length >= 320, `the copy has the appeals before it (${copied.length})`);
    assert.ok(copied.length < now.length, "appeals kept coming during the copy");
    assert.deepEqual(copied, now.slice(0, copied.length), "the copy is a prefix of the store");
    const copy = new DatabaseSync(target, { readOnly: true });
    assert.deepEqual(
      { ...copy.prepare("PRAGMA integrity_check").get() },
      { integrity_check: "ok" },
    );
    assert.equal(
      (copy.prepare("PRAGMA journal_mode").get() as { journal_mode: string }).journal_mode,
      "delete",
    );
    copy.close();
    assert.deepEqual(
      readdirSync(dir).filter((name) => name.endsWith(".partial")),
      [],
      "no temporary file is left",
    );
  });

  test("a backup that cannot be written leaves nothing behind and says why", async () => {
    const blocked = join(dir, "not-a-dir");
    writeFileSync(blocked, "");
    await assert.rejects(backupSqliteStore(store, join(blocked, "copy.sqlite")));
    await assert.rejects(
      backupSqliteStore(join(dir, "missing.sqlite"), join(dir, "x.sqlite")),
      /no SQLite store/,
    );
    assert.equal(existsSync(join(dir, "missing.sqlite")), false, "a missing store is not created");
  });

  test("restore is refused while the store is open, by this process or another", async () => {
    const users = sqliteStoreUsers(store);
    assert.deepEqual(users, [process.pid]);
    await data.backup(join(dir, "for-restore.sqlite"));
    await assert.rejects(
      restoreSqliteStore(join(dir, "for-restore.sqlite"), store),
      StoreInUseError,
    );
  });

  test("restore puts the backup in place and keeps the replaced store with its log", async () => {
    const backupFile = join(dir, "for-restore.sqlite");
    const expected = appealIds(backupFile);
    await storeAppeal(data, sampleNewAppeal("2026-11-20T12:00:00Z", { comment: "после копии" }));
    await data.close();
    // A log left beside the store, as after a crash: it belongs to the store being replaced.
    writeFileSync(`${store}-wal`, "not for the restored store");
    const report = await restoreSqliteStore(backupFile, store, {
      now: new Date("2026-11-24T10:00:00Z"),
    });
    assert.equal(report.counts.appeals, expected.length);
    assert.equal(report.previous, `${store}.before-restore-2026-11-24T10-00-00-000Z`);
    assert.ok(existsSync(`${report.previous}-wal`), "the old log went with the old store");
    assert.equal(existsSync(`${store}-wal`), false);
    data = await openDataLayer({ kind: "sqlite", path: store });
    assert.deepEqual(appealIds(store), expected);
  });

  test("restore refuses a file that is not a backup of the store", async () => {
    const other = join(dir, "other.sqlite");
    const db = new DatabaseSync(other);
    db.exec("CREATE TABLE t (x)");
    db.close();
    await assert.rejects(restoreSqliteStore(other, join(dir, "fresh.sqlite")), /not a backup/);
    await assert.rejects(
      restoreSqliteStore(join(dir, "none.sqlite"), join(dir, "fresh.sqlite")),
      /no backup file/,
    );
  });
});
