// Group commit: what arrives in one turn of the event loop is committed together, each caller is
// answered only after its batch's commit returned, and failures stay where they belong.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createGroupCommit, type Outcome } from "./group-commit.ts";

test("items added in one turn of the loop share one commit; a later item starts the next", async () => {
  const batches: number[][] = [];
  const group = createGroupCommit((items: number[]): Outcome<number>[] => {
    batches.push(items);
    return items.map((value) => ({ ok: true, value: value * 10 }));
  });
  const first = await Promise.all([group.add(1), group.add(2), group.add(3)]);
  const later = await group.add(4);
  assert.deepEqual(first, [10, 20, 30]);
  assert.equal(later, 40);
  assert.deepEqual(batches, [[1, 2, 3], [4]]);
});

test("no caller is answered before the commit holding its item has returned", async () => {
  let committed = false;
  const group = createGroupCommit((items: string[]): Outcome<string>[] => {
    committed = true;
    return items.map((value) => ({ ok: true, value }));
  });
  const answers = [group.add("a"), group.add("b")].map((promise) => promise.then(() => committed));
  assert.equal(committed, false, "nothing is written in the caller's own turn");
  assert.deepEqual(await Promise.all(answers), [true, true]);
});

test("an item that fails alone fails alone; a batch that did not commit fails every item", async () => {
  const group = createGroupCommit((items: number[]): Outcome<number>[] =>
    items.map((value) =>
      value === 2 ? { ok: false, error: new Error("bad item") } : { ok: true, value },
    ),
  );
  const settled = await Promise.allSettled([group.add(1), group.add(2), group.add(3)]);
  assert.deepEqual(
    settled.map((result) => result.status),
    ["fulfilled", "rejected", "fulfilled"],
  );

  const broken = createGroupCommit((): Outcome<number>[] => {
    throw new Error("disk full");
  });
  const all = await Promise.allSettled([broken.add(1), broken.add(2)]);
  assert.deepEqual(
    all.map((result) => (result.status === "rejected" ? (result.reason as Error).message : "")),
    ["disk full", "disk full"],
  );
});

test("flush commits what is waiting at once (the store flushes before it closes)", () => {
  const batches: number[][] = [];
  const group = createGroupCommit((items: number[]): Outcome<number>[] => {
    batches.push(items);
    return items.map((value) => ({ ok: true, value }));
  });
  void group.add(1);
  void group.add(2);
  group.flush();
  assert.deepEqual(batches, [[1, 2]]);
});
