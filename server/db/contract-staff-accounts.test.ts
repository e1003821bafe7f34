// Staff accounts and their sessions on both stores: accounts added once, with a role and an
// e-mail, found, listed by login, given another role; sessions opened, seen, ended; a disabled
// account's sessions ended with it; and the purge of sessions that can open nothing any more.
import assert from "node:assert/strict";
import { test } from "node:test";
import { contractSuite } from "../../tests/support/data-layer-contract.ts";

const at = (minutes: number) => new Date(Date.parse("2026-04-01T09:00:00Z") + minutes * 60_000);
const hash = "scrypt$16384$8$1$c2FsdA$aGFzaA";

contractSuite(import.meta.filename, (store) => {
  const accounts = () => store.data.staffAccounts;

  test("an account is added once, a head's unless a role is given, and found as stored", async () => {
    assert.equal(await accounts().addUser("anna", hash, at(0)), "added");
    assert.equal(await accounts().addUser("anna", "other", at(1)), "exists");
    const executor = { role: "executor", email: "ivan@agro.example" } as const;
    assert.equal(await accounts().addUser("ivan", hash, at(2), executor), "added");
    assert.equal(await accounts().addUser("petr", hash, at(3), { role: "executor" }), "added");
    const anna = await accounts().findUser("anna");
    assert.deepEqual(anna, {
      id: anna?.id,
      login: "anna",
      role: "head",
      email: null,
      password_hash: hash,
      created_at: at(0).toISOString(),
      disabled_at: null,
    });
    assert.equal(await accounts().findUser("nobody"), undefined);
    const ivan = await store.data.transaction((tx) => accounts().findUser("ivan", tx));
    assert.deepEqual([ivan?.role, ivan?.email], ["executor", "ivan@agro.example"]);
    assert.deepEqual(
      (await accounts().listUsers()).map((user) => user.login),
      ["anna", "ivan", "petr"],
    );
  });

  test("a role is changed with or without the e-mail; the enabled accounts of a role by login", async () => {
    assert.equal(await accounts().setRole("ivan", "registrar"), true);
    assert.equal((await accounts().findUser("ivan"))?.email, "ivan@agro.example", "kept");
    assert.equal(await accounts().setRole("ivan", "executor", null), true);
    assert.deepEqual(
      [(await accounts().findUser("ivan"))?.role, (await accounts().findUser("ivan"))?.email],
      ["executor", null],
    );
    assert.equal(await accounts().setRole("petr", "executor", "petr@agro.example"), true);
    assert.equal(await accounts().setRole("nobody", "head"), false);
    assert.deepEqual(
      (await accounts().activeWithRole("executor")).map((user) => [user.login, user.email]),
      [
        ["ivan", null],
        ["petr", "petr@agro.example"],
      ],
    );
    assert.deepEqual(await accounts().activeWithRole("admin"), []);
  });

  test("a session is opened, seen and ended; a session ended stays ended at its first end", async () => {
    const anna = await accounts().findUser("anna");
    assert.ok(anna);
    await accounts().createSession("token-1", anna.id, at(10));
    assert.deepEqual(await accounts().findSession("token-1"), {
      user_id: anna.id,
      login: "anna",
      role: "head",
      created_at: at(10).toISOString(),
      last_seen_at: at(10).toISOString(),
      ended_at: null,
      disabled_at: null,
    });
    await accounts().touchSession("token-1", at(15));
    await store.data.transaction(async (tx) => {
      await accounts().endSession("token-1", at(20), tx);
      await accounts().endSession("token-1", at(25), tx);
    });
    const ended = await accounts().findSession("token-1");
    assert.deepEqual(
      [ended?.last_seen_at, ended?.ended_at],
      [at(15).toISOString(), at(20).toISOString()],
    );
    assert.equal(await accounts().findSession("no-such-token"), undefined);
  });

  test("a session opened and seen in a transaction reads its own writes", async () => {
    const seen = await store.data.transaction(async (tx) => {
      const executors = await accounts().activeWithRole("executor", tx);
      const petr = executors.find((user) => user.login === "petr");
      assert.ok(petr);
      await accounts().createSession("token-2", petr.id, at(30), tx);
      await accounts().touchSession("token-2", at(31), tx);
      return {
        session: await accounts().findSession("token-2", tx),
        users: (await accounts().listUsers(tx)).length,
      };
    });
    assert.deepEqual(
      [seen.session?.login, seen.session?.last_seen_at, seen.users],
      ["petr", at(31).toISOString(), 3],
    );
  });

  test("a disabled account: its sessions ended with it, no longer active; an unknown login is refused", async () => {
    assert.equal(await accounts().disableUser("petr", at(40)), true);
    const petr = await accounts().findSession("token-2");
    assert.deepEqual(
      [petr?.ended_at, petr?.disabled_at],
      [at(40).toISOString(), at(40).toISOString()],
    );
    assert.equal(await accounts().disableUser("petr", at(41)), true, "disabled already");
    assert.equal((await accounts().findUser("petr"))?.disabled_at, at(40).toISOString());
    assert.equal(await accounts().disableUser("nobody", at(41)), false);
    assert.deepEqual(
      (await accounts().activeWithRole("executor")).map((user) => user.login),
      ["ivan"],
    );
  });

  test("sessions that can open nothing are purged: ended, idle too long, started too long ago", async () => {
    const ivan = await accounts().findUser("ivan");
    const anna = await accounts().findUser("anna");
    assert.ok(ivan && anna);
    await accounts().createSession("idle", ivan.id, at(50));
    await accounts().createSession("old", anna.id, at(51));
    await accounts().touchSession("old", at(200));
    await accounts().createSession("live", anna.id, at(150));
    // Idle before 100, or started before 60: 'idle' and 'old'; 'token-1' and 'token-2' ended.
    assert.equal(await accounts().purgeSessionsOver(at(100), at(60)), 4);
    assert.equal((await accounts().findSession("live"))?.login, "anna");
    assert.equal(await accounts().findSession("old"), undefined);
    assert.equal(await accounts().purgeSessionsOver(at(100), at(60)), 0);
  });
});
