// The SQLite database commits concurrent transactions together: every appeal is on disk, in the order
// received, when its caller hears of it; one bad appeal is rolled back alone.
import assert from "node:assert/strict";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { after, before, test } from "node:test";
import { sampleNewAppeal } from "../../tests/support/test-appeal.ts";
import { storeAppeal } from "../appeals/store-appeal.ts";
import type { NewAppeal } from "./appeals-repository.ts";
import { type DataLayer, openDataLayer } from "./data-layer.ts";

let dir: string;
let path: string;
let store: DataLayer;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), "group-commit-"));
  path = join(dir, "appeals.sqlite");
  store = await openDataLayer({ kind: "sqlite", path });
});
after(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

/** What another process sees: only committed rows. */
function committedNumbers(): string[] {
  const reader = new DatabaseSync(path, { readOnly: true });
  try {
    return reader
      .prepare("SELECT number FROM appeals ORDER BY seq")
      .all()
      .map((row) => String(row.number));
  } finally {
    reader.close();
  }
}

test("20 appeals at once: numbered in the order received, each committed before it is answered", async () => {
  const before = committedNumbers().length;
  const seenAtAnswer: boolean[] = [];
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      storeAppeal(store, sampleNewAppeal("2026-03-02T09:00:00Z", { comment: `№${index}` })).then(
        (stored) => {
          seenAtAnswer.push(committedNumbers().includes(stored.number));
          return stored;
        },
      ),
    ),
  );
  const sequence = answers.map((stored) => Number(stored.number.slice(-6)));
  assert.deepEqual(
    sequence,
    Array.from({ length: 20 }, (_, index) => before + index + 1),
  );
  assert.deepEqual(seenAtAnswer, Array(20).fill(true));
  assert.equal(new Set(answers.map((stored) => stored.id)).size, 20);
});

test("one appeal the database refuses fails alone; the others of its batch are stored with no gap", async () => {
  const start = committedNumbers().length;
  const broken = { first_name: null } as unknown as Partial<NewAppeal>;
  const settled = await Promise.allSettled([
    storeAppeal(store, sampleNewAppeal("2026-03-02T10:00:00Z")),
    storeAppeal(store, sampleNewAppeal("2026-03-02T10:00:00Z", broken)),
    storeAppeal(store, sampleNewAppeal("2026-03-02T10:00:00Z")),
  ]);
  assert.deepEqual(
    settled.map((result) => result.status),
    ["fulfilled", "rejected", "fulfilled"],
  );
  const numbers = committedNumbers();
  assert.equal(numbers.length, start + 2);
  assert.deepEqual(
    numbers.slice(-2).map((number) => Number(number.slice(-6))),
    [start + 1, start + 2],
  );
  const notifications = new DatabaseSync(path, { readOnly: true });
  const { count } = notifications
    .prepare("SELECT count(*) AS count FROM deliveries WHERE kind = 'appeal-notification'")
    .get() as {
    count: number;
  };
  notifications.close();
  assert.equal(count, start + 2, "one notification per stored appeal, none for the refused one");
});

test("the write-ahead log is copied into the database file by the checkpoint thread, not by the serving connection", async () => {
  const own = await mkdtemp(join(tmpdir(), "checkpoint-"));
  const file = join(own, "appeals.sqlite");
  const fresh = await openDataLayer({ kind: "sqlite", path: file });
  try {
    const sizeBefore = (await stat(file)).size;
    // 300 appeals write far fewer pages than the serving connection's own threshold
    // (servingAutoCheckpointPages): only the thread copies them this soon.
    for (let round = 0; round < 10; round += 1) {
      await Promise.all(
        Array.from({ length: 30 }, () =>
          storeAppeal(fresh, sampleNewAppeal("2026-03-02T11:00:00Z")),
        ),
      );
    }
    await new Promise((done) => setTimeout(done, 1000));
    const sizeAfter = (await stat(file)).size;
    assert.ok(sizeAfter > sizeBefore, `database file ${sizeBefore} -> ${sizeAfter} bytes`);
  } finally {
    await fresh.close();
    await rm(own, { recursive: true, force: true });
  }
});
