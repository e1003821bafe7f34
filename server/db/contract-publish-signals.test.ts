// The publish signals (decisions 0030 and 0039, site-edition-signals.ts) on both stores. On
// PostgreSQL every server hears a page published or an edition scheduled by another, once the
// announcing transaction commits and never when it rolls back, and is told on each (re)connection
// so it can re-read what it missed. A listening connection that falls silent without closing (a
// proxy that stops forwarding it, issue 40) is noticed by its heartbeat, said so and replaced.
// On SQLite one server owns the file: nothing is announced and the listener is told nothing, not
// even that it connected. On both, each page's published edition id can be read in one query.
import assert from "node:assert/strict";
import { mock, test } from "node:test";
import pg from "pg";
import { contractSuite } from "../../tests/support/data-layer-contract.ts";
import { startPostgresProxy } from "../../tests/support/tcp-proxy.ts";
import { type DataLayer, openDataLayer } from "./data-layer.ts";
import {
  announcePublished,
  announceScheduled,
  type HeartbeatOptions,
  listenForPublished,
  type PublishedListener,
} from "./site-edition-signals.ts";

type Handlers = Parameters<DataLayer["listenForPublished"]>[0];

/** What a listener was told, and a way to wait for the next thing it is told. */
function listening(
  data: DataLayer,
  listen: (handlers: Handlers) => PublishedListener = (handlers) =>
    data.listenForPublished(handlers),
) {
  const heard = { pages: [] as string[], connected: 0, scheduled: 0, errors: 0 };
  let wake: () => void = () => {};
  const told = () => {
    wake();
  };
  const listener = listen({
    onPage(page) {
      heard.pages.push(page);
      told();
    },
    onConnected() {
      heard.connected += 1;
      told();
    },
    onScheduled() {
      heard.scheduled += 1;
      told();
    },
    onError() {
      heard.errors += 1;
      told();
    },
  });
  /** Resolves once `done` holds, looked at after each thing the listener is told. */
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise<void>((resolve) => (wake = resolve));
  };
  return { heard, until, close: () => listener.close(), health: () => listener.health() };
}

const t0 = new Date("2026-05-04T06:00:00Z");

contractSuite(import.meta.filename, (store) => {
  /** A page published as the site's service publishes it: the edition and its notice, one commit. */
  const publish = (data: DataLayer, page: string) =>
    data.transaction(async (tx) => {
      const id = await data.siteEditions.saveDraft({ page, content: {}, by: "head", at: t0 }, tx);
      await data.siteEditions.publish({ id, page, from: "draft" }, "head", t0, tx);
      await announcePublished(page, tx);
    });

  // A notice that never comes would wait for ever: a bound instead.
  const bounded = { timeout: 30_000 };

  test(
    "another server hears what was published and scheduled once it commits, never a rollback",
    bounded,
    async (t) => {
      const other = await store.another();
      const { heard, until, close } = listening(other);
      t.after(close);
      if (store.kind === "SQLite") {
        await publish(store.data, "vacancies");
        await store.data.transaction((tx) => announceScheduled("prices", tx));
        await new Promise((resolve) => setImmediate(resolve));
        assert.deepEqual(heard, { pages: [], connected: 0, scheduled: 0, errors: 0 });
        return;
      }
      await until(() => heard.connected === 1);
      await publish(store.data, "vacancies");
      await assert.rejects(
        store.data.transaction(async (tx) => {
          await announcePublished("prices", tx);
          throw new Error("the publish failed");
        }),
        /the publish failed/,
      );
      await store.data.transaction((tx) => announceScheduled("contacts", tx));
      await publish(store.data, "contacts");
      // One connection's notices arrive in commit order: 'contacts' heard last means 'prices',
      // rolled back before it, was never sent.
      await until(() => heard.pages.length === 2);
      assert.deepEqual(heard, {
        pages: ["vacancies", "contacts"],
        connected: 1,
        scheduled: 1,
        errors: 0,
      });
      assert.equal((await other.siteEditions.published("contacts"))?.publishedBy, "head");
    },
  );

  test(
    "a listener whose connection dropped is told, reconnects after its second and is told again",
    bounded,
    async (t) => {
      if (store.kind === "SQLite") {
        const { heard, close } = listening(store.data);
        await close();
        assert.deepEqual(heard, { pages: [], connected: 0, scheduled: 0, errors: 0 });
        return;
      }
      // Its own name, so this run ends its own listening connection and no other run's.
      const name = `contract_listener_${process.pid}`;
      const url = new URL(store.url);
      url.searchParams.set("application_name", name);
      const listener = await openDataLayer({ kind: "postgres", url: url.toString() });
      t.after(() => listener.close());
      const { heard, until, close } = listening(listener);
      t.after(close);
      await until(() => heard.connected === 1);

      // The listener's retry is a timer of a second: the clock is the test's from just before the
      // connection is ended until the retry is due, and only a plain client runs SQL meanwhile (a
      // pool keeps timers of its own).
      const admin = new pg.Client({ connectionString: store.url });
      await admin.connect();
      t.after(() => admin.end());
      mock.timers.enable({ apis: ["setTimeout"] });
      try {
        await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name = $1 AND query LIKE 'LISTEN %'`,
          [name],
        );
        await until(() => heard.errors >= 1);
        assert.equal(heard.connected, 1, "not before its second");
        mock.timers.tick(1000);
      } finally {
        mock.timers.reset();
      }
      await until(() => heard.connected === 2);
      await publish(store.data, "documents");
      await until(() => heard.pages.length === 1);
      assert.deepEqual(heard.pages, ["documents"]);
    },
  );

  test(
    "a listening connection that falls silent without closing is said so and replaced",
    bounded,
    async (t) => {
      if (store.kind === "SQLite") {
        const { health, close } = listening(store.data);
        await close();
        assert.equal(health(), null, "nothing to listen to, nothing to say");
        return;
      }
      // The listener reaches PostgreSQL through a proxy that can stop forwarding its connection,
      // as a firewall or NAT that forgot it does: no error, no end, nothing more.
      const { proxy, url: proxied } = await startPostgresProxy(store.url);
      t.after(() => proxy.close());
      // A beat every 200 ms, silent past 600: the figures only make the test quick; it waits for
      // what the listener is told, never for a time.
      const heartbeat: HeartbeatOptions = { heartbeatMs: 200 };
      const { heard, until, close, health } = listening(store.data, (handlers) =>
        listenForPublished({ kind: "postgres", url: proxied }, handlers, heartbeat),
      );
      t.after(close);
      await until(() => heard.connected >= 1);
      assert.equal(health()?.silent, false);
      assert.ok(health()?.lastHeardAt, "it heard its LISTEN answered");

      // Every connection that LISTENs stalls from now on: the open one, and each one after.
      proxy.stall("LISTEN site_edition_published");
      const stalledAt = { errors: heard.errors, connected: heard.connected };
      // Given up once for its silence, then its next connection too: silent all along.
      await until(() => heard.errors >= stalledAt.errors + 2);
      const silent = health();
      assert.equal(silent?.silent, true, "silent past its bound");
      assert.ok((silent?.silentMs ?? 0) > 600, `silent for ${silent?.silentMs} ms`);
      assert.equal(heard.connected, stalledAt.connected, "no connection since the stall");

      // Forwarded again: it connects (the caller re-reads everything then) and hears again.
      proxy.unstall();
      await until(() => heard.connected > stalledAt.connected);
      assert.equal(health()?.silent, false, "heard again");
      await publish(store.data, "about");
      await until(() => heard.pages.includes("about"));
    },
  );

  test("each page's published edition id: another with every publish and restore", async () => {
    const before = await store.data.publishedVersions();
    assert.equal(before.get("prices"), undefined, "never published");
    await publish(store.data, "prices");
    const first = (await store.data.publishedVersions()).get("prices");
    assert.ok(first !== undefined);
    await publish(store.data, "prices");
    const second = (await store.data.publishedVersions()).get("prices");
    assert.ok(second !== undefined && second !== first, "published again: another id");
    await store.data.transaction((tx) =>
      store.data.siteEditions.republish({ id: first, page: "prices", content: {} }, "head", t0, tx),
    );
    const restored = await store.data.publishedVersions();
    const third = restored.get("prices");
    assert.ok(third !== undefined && third !== first && third !== second, "restored: another id");
    // The other pages' ids are as they were.
    for (const [page, id] of before) if (page !== "prices") assert.equal(restored.get(page), id);
  });
});
