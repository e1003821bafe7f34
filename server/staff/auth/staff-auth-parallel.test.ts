// The sign-in guard counted at the source (issue 20): createStaffAuth on each store with a
// password check that counts its calls. 30 parallel attempts for one login get at most 5 checks,
// whatever their addresses; a success gives back only its own slot.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addStaffUser } from "../../../tests/support/staff-fixtures.ts";
import { type TestDatabase, testDatabaseKinds } from "../../../tests/support/test-databases.ts";
import { parseDatabaseUrl } from "../../config.ts";
import { type DataLayer, openDataLayer } from "../../db/data-layer.ts";
import { createSignInKeys } from "./sign-in-keys.ts";
import { createStaffAuth, lockoutLimits, signInKeySecretName } from "./staff-auth.ts";

const password = "correct horse battery";

for (const kind of testDatabaseKinds) {
  describe(`sign-in guard on ${kind.name}`, () => {
    let database: TestDatabase;
    let data: DataLayer;
    before(async () => {
      database = await kind.create();
      data = await openDataLayer(parseDatabaseUrl(database.url));
      for (const login of ["pavel", "rita", "semen"])
        await addStaffUser(data, login, password, {}, { fullCost: true });
    });
    after(async () => {
      await data?.close();
      await database?.drop();
    });

    /** An auth whose password check takes 50 ms and counts its calls. */
    function countingAuth() {
      const counter = { checks: 0 };
      const auth = createStaffAuth(data, {
        checkPassword: async (typed) => {
          counter.checks += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
          return typed === password;
        },
      });
      return { auth, counter };
    }

    for (const [name, addressOf] of [
      ["one address", () => "198.51.100.20"],
      ["30 addresses", (index: number) => `203.0.113.${100 + index}`],
    ] as const) {
      test(`30 parallel attempts for one login from ${name}: at most 5 password checks`, async () => {
        const { auth, counter } = countingAuth();
        const login = name === "one address" ? "pavel" : "rita";
        const results = await Promise.all(
          Array.from({ length: 30 }, (_, index) =>
            auth.signIn(login, `wrong ${index}`, addressOf(index)),
          ),
        );
        const statuses = results.map((result) => (result.ok ? 302 : result.status));
        console.log(`${name}: ${counter.checks} password checks`);
        assert.ok(counter.checks <= lockoutLimits.perLogin, `checks: ${counter.checks}`);
        assert.equal(statuses.filter((status) => status === 401).length, counter.checks);
        assert.equal(statuses.filter((status) => status === 429).length, 30 - counter.checks);
        const right = await auth.signIn(login, password, addressOf(29));
        assert.deepEqual(right.ok ? 302 : right.status, 429, "the right one is refused");
      });
    }

    test("a success gives back its own slot and leaves the earlier failures counted", async () => {
      const { auth } = countingAuth();
      const address = "192.0.2.77";
      for (let attempt = 0; attempt < 3; attempt += 1) {
        assert.equal((await auth.signIn("semen", "wrong", address)).ok, false);
      }
      assert.equal((await auth.signIn("semen", password, address)).ok, true);
      const keys = createSignInKeys(await data.secrets.secret(signInKeySecretName)).of(
        "semen",
        address,
      );
      assert.equal(await data.signInGuard.slots(keys.login, new Date()), 3);
      assert.equal(await data.signInGuard.slots(keys.address, new Date()), 3);
    });
  });
}
