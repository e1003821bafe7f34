// Transactions on both stores: the writes of several repositories in one `data.transaction` are
// committed together (and then seen by another server) or, when the work throws or one of its
// statements fails, rolled back together; transactions begun at once commit or roll back each
// on its own (on SQLite they share one commit, decision 0011: sqlite-group-commit.test.ts covers
// its ordering and durability). The migrations are covered on both stores elsewhere: run at open
// and recorded, a newer store refused (appeals-repository.test.ts), an older release's rows
// carried over (migrations.test.ts), one store's servers migrating in turn on PostgreSQL
// (postgres-database.test.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import { contractSuite } from "../../tests/support/data-layer-contract.ts";
import { sampleNewAppeal } from "../../tests/support/test-appeal.ts";
import { eventEntry } from "./audit-repository.ts";
import type { DataLayer } from "./data-layer.ts";
import type { Transaction } from "./database.ts";

const at = new Date("2026-07-01T08:00:00Z");
const noSuchId = "00000000-0000-4000-8000-000000000000";

contractSuite(import.meta.filename, (store) => {
  /** An appeal with a note, its notification and an audit line: four repositories, one `tx`. */
  const appealWithAll = async (data: DataLayer, tx: Transaction, text: string) => {
    const { id } = await data.appeals.insert(
      sampleNewAppeal(at.toISOString(), { comment: text }),
      tx,
    );
    await data.notes.add({ appealId: id, staffLogin: "registrar", text, at }, tx);
    await data.deliveries.enqueue(
      { kind: "appeal-notification", appealId: id, recipients: [{ group: "handlers" }], at },
      tx,
    );
    await data.audit.record(eventEntry(at, "registrar", "note", text), tx);
    return id;
  };
  /** What the store holds of those four repositories, read by `data`. */
  const held = async (data: DataLayer) => ({
    appeals: (await data.appeals.list()).map((appeal) => appeal.comment),
    pending: (await data.deliveries.backlog())["appeal-notification"].pending,
    audit: (await data.audit.recent(100)).map((line) => line.details),
  });

  test("several repositories' writes in one transaction commit together; another server sees them all", async () => {
    const id = await store.data.transaction((tx) => appealWithAll(store.data, tx, "первое"));
    const other = await store.another();
    assert.deepEqual(await held(other), { appeals: ["первое"], pending: 1, audit: ["первое"] });
    assert.deepEqual(
      (await other.notes.of(id)).map((note) => note.text),
      ["первое"],
    );
  });

  test("when the work throws, every repository's writes are rolled back together", async () => {
    const before = await held(store.data);
    let written = "";
    const failure = new Error("the work failed after its writes");
    await assert.rejects(
      store.data.transaction(async (tx) => {
        written = await appealWithAll(store.data, tx, "отменённое");
        throw failure;
      }),
      (error) => error === failure,
    );
    assert.deepEqual(await held(store.data), before);
    assert.equal(await store.data.appeals.find(written), undefined);
    assert.deepEqual(await store.data.notes.of(written), []);
  });

  test("a statement that fails (an appeal that is not there) rolls back the work's writes before it", async () => {
    const before = await held(store.data);
    await assert.rejects(
      store.data.transaction(async (tx) => {
        await appealWithAll(store.data, tx, "до ошибки");
        await store.data.notes.add({ appealId: noSuchId, staffLogin: "x", text: "x", at }, tx);
      }),
      /foreign key|FOREIGN KEY/,
    );
    assert.deepEqual(await held(store.data), before);
  });

  test("transactions begun at once: the one that throws is rolled back alone, the others commit", async () => {
    const before = await held(store.data);
    const outcomes = await Promise.allSettled(
      ["второе", "сбой", "третье"].map((text) =>
        store.data.transaction(async (tx) => {
          await appealWithAll(store.data, tx, text);
          if (text === "сбой") throw new Error("one of three failed");
          return text;
        }),
      ),
    );
    assert.deepEqual(
      outcomes.map((outcome) => (outcome.status === "fulfilled" ? outcome.value : "rejected")),
      ["второе", "rejected", "третье"],
    );
    const after = await held(store.data);
    // Numbered in the order each took its number: on PostgreSQL, whichever connection came first.
    assert.deepEqual(after.appeals.slice(0, -2), before.appeals);
    assert.deepEqual(after.appeals.slice(-2).sort(), ["второе", "третье"]);
    assert.equal(after.pending, before.pending + 2);
    assert.deepEqual(after.audit.slice(0, 2).sort(), ["второе", "третье"]);
  });
});
