// What a sign-in rests on, on both stores (decision 0014): the guard's counters per login and per
// address (slots reserved together or not at all, the first refusal of a window told once,
// slots given back, a window that ends, counters purged); the secrets every server on one store
// shares; the audit log of sign-ins and of appeals, and its purge of old sign-in lines. Many
// reservations for one login at once are server/staff/auth/staff-auth-parallel.test.ts, on both
// stores.
import assert from "node:assert/strict";
import { test } from "node:test";
import { contractSuite } from "../../tests/support/data-layer-contract.ts";
import { sampleNewAppeal } from "../../tests/support/test-appeal.ts";
import { appealEntry, eventEntry } from "./audit-repository.ts";

const t0 = Date.parse("2026-04-01T09:00:00Z");
const at = (seconds: number) => new Date(t0 + seconds * 1000);
const limits = { perLogin: 2, perAddress: 3, windowMs: 60_000 };

contractSuite(import.meta.filename, (store) => {
  const guard = () => store.data.signInGuard;
  const keys = (login: string, address = "address-1") => ({ login, address });

  test("a login's slots run out, its first refusal in the window is told once; the address's slot is not taken", async () => {
    const reserve = () => guard().reserve(keys("login-1"), limits, at(0));
    assert.deepEqual(
      [await reserve(), await reserve(), await reserve(), await reserve()],
      [
        { granted: true },
        { granted: true },
        { granted: false, firstRefusal: true },
        { granted: false, firstRefusal: false },
      ],
    );
    assert.equal(await guard().slots("login-1", at(1)), 2);
    assert.equal(await guard().slots("address-1", at(1)), 2);
    assert.equal(await guard().fullKey(keys("login-1", "address-2"), limits, at(1)), "login-1");
    assert.equal(await guard().firstRefusal("login-1"), false, "told already");
  });

  test("a full address refuses any login, and gives that login's slot back", async () => {
    assert.deepEqual(await guard().reserve(keys("login-2"), limits, at(2)), { granted: true });
    assert.equal(await guard().fullKey(keys("login-3"), limits, at(2)), "address-1");
    assert.deepEqual(await guard().reserve(keys("login-3"), limits, at(3)), {
      granted: false,
      firstRefusal: true,
    });
    assert.equal(await guard().slots("login-3", at(3)), 0);
    assert.equal(await guard().slots("address-1", at(3)), 3);
    assert.equal(await guard().fullKey(keys("login-3", "address-2"), limits, at(3)), undefined);
  });

  test("a success gives its slots back; a window over starts again; over counters are purged", async () => {
    await store.data.transaction((tx) => guard().release(["login-2", "address-1"], tx));
    await guard().release(["login-3"]);
    assert.deepEqual(
      [await guard().slots("login-2", at(4)), await guard().slots("address-1", at(4))],
      [0, 2],
    );
    assert.equal(await guard().slots("login-3", at(4)), 0, "never below none");
    // A window runs from the key's latest reservation (refusals reserve nothing): login-1's
    // from 0 s, over at 60 s.
    assert.equal(await guard().slots("login-1", at(59)), 2);
    assert.equal(await guard().slots("login-1", at(60)), 0);
    assert.deepEqual(await guard().reserve(keys("login-1"), limits, at(63)), { granted: true });
    assert.equal(await guard().slots("login-1", at(63)), 1);
    assert.equal(await guard().firstRefusal("login-1"), true, "a new window's first refusal");

    assert.equal(await guard().slots("address-1", at(63)), 1, "the address's window too");

    // Over by 62 s: login-2's only (address-1 was reserved again with login-1 at 63 s).
    assert.equal(await guard().purgeExpired(at(62)), 1);
    assert.equal(await guard().purgeExpired(at(1000)), 3);
    assert.equal(await guard().slots("login-1", at(63)), 0);
  });

  test("a secret is made once per store: every server, every call reads the same bytes", async () => {
    const first = await store.data.secrets.secret("csrf", at(0));
    assert.equal(first.length, 32);
    assert.deepEqual(await store.data.secrets.secret("csrf", at(5)), first);
    const other = await store.another();
    assert.deepEqual(await other.secrets.secret("csrf"), first, "another server's call");
    assert.notDeepEqual(await other.secrets.secret("sign-in-keys"), first);
  });

  test("the audit log: appeals' lines in order, other lines newest first, old sign-in lines purged", async () => {
    const { audit, transaction } = store.data;
    const appealId = await transaction(async (tx) => {
      const { id } = await store.data.appeals.insert(sampleNewAppeal(at(0).toISOString()), tx);
      await audit.record(
        appealEntry(at(10), "registrar", id, "register", { from: "new", to: "registered" }),
        tx,
      );
      return id;
    });
    await audit.record(
      appealEntry(at(11), "registrar", appealId, "topic", { details: "Вакансии" }),
    );
    await audit.record(eventEntry(at(1), "anna", "sign-in"));
    await audit.record(eventEntry(at(2), "anna", "sign-in-failed", "неверный пароль"));
    await audit.record(eventEntry(at(3), "admin", "purge", "удалено обращений: 0"));
    await audit.record(eventEntry(at(20), "anna", "sign-out"));

    const lines = await audit.of(appealId);
    assert.deepEqual(
      lines.map((line) => [line.at, line.action, line.from_state, line.to_state, line.details]),
      [
        [at(10).toISOString(), "register", "new", "registered", null],
        [at(11).toISOString(), "topic", null, null, "Вакансии"],
      ],
    );
    assert.ok((lines[0]?.seq ?? 0) < (lines[1]?.seq ?? 0));
    const recent = await transaction((tx) => audit.recent(3, tx));
    assert.deepEqual(
      recent.map((line) => [line.staff_login, line.action, line.details]),
      [
        ["anna", "sign-out", null],
        ["admin", "purge", "удалено обращений: 0"],
        ["anna", "sign-in-failed", "неверный пароль"],
      ],
    );

    assert.equal(await audit.purgeSignInEventsBefore(at(15)), 2);
    assert.deepEqual(
      (await audit.recent(10)).map((line) => line.action),
      ["sign-out", "purge"],
    );
    assert.equal(
      (await transaction((tx) => audit.of(appealId, tx))).length,
      2,
      "appeals' lines stay",
    );
  });
});
