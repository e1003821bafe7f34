// The SQLite store reads its disk's free space before each write (decision 0050): a disk already
// below the reserve refuses the very first write, at once, not after the checkpoint thread's next
// round; a disk whose free space cannot be read refuses nothing.
import assert from "node:assert/strict";
import { statfsSync } from "node:fs";
import { mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import type { Database } from "./database.ts";
import { openSqliteDatabase } from "./sqlite-database.ts";
import { StoreDiskFullError } from "./sqlite-disk-limits.ts";

const mib = 1024 * 1024;
const probe = (db: Database, at: string) =>
  db.transaction((tx) => tx.run("UPDATE store_write_probe SET probed_at = ? WHERE id = 1", [at]));
const probedAt = async (db: Database) =>
  (await db.all("SELECT probed_at FROM store_write_probe")).map((row) => row.probed_at);

test("below the reserve: the first write is refused at once, and the store says so", async () => {
  const dir = await mkdtemp(join(tmpdir(), "disk-reserve-"));
  // A reserve a gigabyte beyond what the disk has free: below it from the start.
  const { bavail, bsize } = statfsSync(dir);
  const reserveMiB = Math.ceil((bavail * bsize) / mib) + 1024;
  const db = openSqliteDatabase(join(dir, "appeals.sqlite"), reserveMiB);
  try {
    assert.equal(db.writable(), false, "the store knows before any write");
    await assert.rejects(probe(db, "2026-01-01T00:00:00.000Z"), StoreDiskFullError);
    await assert.rejects(
      db.run("UPDATE store_write_probe SET probed_at = ? WHERE id = 1", ["x"]),
      StoreDiskFullError,
    );
    // Reads go on.
    assert.deepEqual(await probedAt(db), ["1970-01-01T00:00:00.000Z"]);
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test("free space that cannot be read refuses no write: SQLite's own failure stays the judge", async () => {
  const dir = await mkdtemp(join(tmpdir(), "disk-reserve-"));
  const db = openSqliteDatabase(join(dir, "appeals.sqlite"), 1);
  const moved = `${dir}-moved`;
  try {
    await probe(db, "2026-01-01T00:00:00.000Z");
    // The store's files stay open; their directory's path no longer leads anywhere: statfs fails.
    await rename(dir, moved);
    assert.throws(() => statfsSync(dir), { code: "ENOENT" });
    assert.equal(db.writable(), true);
    await probe(db, "2026-01-02T00:00:00.000Z");
    assert.deepEqual(await probedAt(db), ["2026-01-02T00:00:00.000Z"]);
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
    await rm(moved, { recursive: true, force: true });
  }
});
