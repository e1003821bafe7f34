// Staff sign-in under parallel attempts (issue 20), on SQLite and PostgreSQL, through the real
// server build over fastify inject: a burst for one login, from one address or from many, gets at
// most the lockout's number of password checks; a burst from one address does not keep a real
// sign-in from another from its check (its time is printed; bench/staff-sign-in-burst.ts measures
// it). Every figure is read from the answers (401: the password was checked and
// was wrong) and from the audit (one 'sign-in-failed' row per check). Needs `npm run build`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { hashPassword, verifyPassword } from "../../server/staff/auth/passwords.ts";
import {
  type Answer,
  browserWithForm,
  countStatuses,
  postSignIn,
} from "../support/sign-in-attempts.ts";
import { addStaffUser } from "../support/staff-fixtures.ts";
import type { StaffClient } from "../support/staff-test-app.ts";
import { type StaffTestApp, startStaffTestApp } from "../support/staff-test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../support/test-databases.ts";

const password = "correct horse battery";
const perLogin = 5;

for (const kind of testDatabaseKinds) {
  describe(`staff sign-in under parallel attempts on ${kind.name}`, () => {
    let database: TestDatabase;
    let site: StaffTestApp;
    before(async () => {
      database = await kind.create();
      site = await startStaffTestApp({ databaseUrl: database.url });
      // The lock counts checks, whatever a check costs: the bursts' own logins get a test hash.
      // The capacity test's burst is checked against the decoy hash, built at the service's cost
      // whatever the accounts hold; its real sign-in (fedor) is checked at that cost too.
      for (const login of ["darya", "egor"]) {
        await addStaffUser(site.data, login, password);
      }
      await addStaffUser(site.data, "fedor", password, {}, { fullCost: true });
    });
    after(async () => {
      await site?.close();
      await database?.drop();
    });

    const checkedFailures = async (login: string) =>
      (await site.data.audit.recent(10_000)).filter(
        (entry) => entry.action === "sign-in-failed" && entry.staff_login === login,
      ).length;

    /**
     * 29 wrong passwords at once; once they are answered, wrong ones one at a time until the
     * login has its 5 checked failures (none when the burst reached them; on a busy machine some
     * of the burst are refused by the wait for a check, not by the lock); then the right one.
     */
    async function burstThenRight(login: string, addressOf: (index: number) => string) {
      // One sign-in form per address, as an attacker would fetch it: from one address, all 30
      // attempts carry the same cookie and token.
      const forms = new Map<string, Promise<StaffClient>>();
      const browsers = await Promise.all(
        Array.from({ length: 30 }, (_, index) => {
          const address = addressOf(index);
          if (!forms.has(address)) forms.set(address, browserWithForm(site.app, address));
          return forms.get(address) as Promise<StaffClient>;
        }),
      );
      const wrong = await Promise.all(
        browsers
          .slice(0, 29)
          .map((browser, index) =>
            postSignIn(site.app, browser, { login, password: `wrong ${index}` }, addressOf(index)),
          ),
      );
      const last = browsers[29] as StaffClient;
      const topUp: Answer[] = [];
      while ((await checkedFailures(login)) < perLogin && topUp.length < perLogin) {
        topUp.push(
          await postSignIn(
            site.app,
            last,
            { login, password: `more ${topUp.length}` },
            addressOf(29),
          ),
        );
      }
      const right = await postSignIn(site.app, last, { login, password }, addressOf(29));
      return { wrong, topUp, right };
    }

    test("30 parallel attempts for one login from one address: at most 5 password checks, the rest 429, the right one refused", async () => {
      const { wrong, topUp, right } = await burstThenRight("darya", () => "198.51.100.7");
      const statuses = countStatuses(wrong);
      console.log(
        `one address: wrong ${JSON.stringify(statuses)}, then ${topUp.length} one by one, right ${right.status}`,
      );
      assert.ok((statuses[401] ?? 0) <= perLogin, `password checks: ${statuses[401]}`);
      assert.equal((statuses[401] ?? 0) + (statuses[429] ?? 0), 29, JSON.stringify(statuses));
      assert.equal((statuses[401] ?? 0) + topUp.length, perLogin, "checked until the lock");
      assert.equal(right.status, 429, "the right password is refused while the login is locked");
      assert.ok((await checkedFailures("darya")) <= perLogin);
    });

    test("30 parallel attempts for one login from 30 addresses: at most 5 password checks", async () => {
      const { wrong, topUp, right } = await burstThenRight(
        "egor",
        (index) => `203.0.113.${index + 1}`,
      );
      const statuses = countStatuses(wrong);
      console.log(
        `30 addresses: wrong ${JSON.stringify(statuses)}, then ${topUp.length} one by one, right ${right.status}`,
      );
      assert.ok((statuses[401] ?? 0) <= perLogin, `password checks: ${statuses[401]}`);
      assert.equal((statuses[401] ?? 0) + (statuses[429] ?? 0), 29, JSON.stringify(statuses));
      assert.equal((statuses[401] ?? 0) + topUp.length, perLogin, "checked until the lock");
      assert.equal(right.status, 429);
      assert.ok((await checkedFailures("egor")) <= perLogin);
    });

    // How long the real sign-in takes beside the burst is printed here and measured by
    // bench/staff-sign-in-burst.ts, not asserted: on a shared machine it is the machine's load.
    test("40 parallel attempts from one address: a real sign-in from another address still gets its check", async () => {
      // Its own scrypt time, measured here and now (the machine is shared and its speed varies).
      const stored = await hashPassword(password);
      const scryptStarted = performance.now();
      await verifyPassword(password, stored);
      const ownScryptMs = performance.now() - scryptStarted;

      // An unknown login checked once before (the server has been up a while).
      await postSignIn(
        site.app,
        await browserWithForm(site.app, "192.0.2.39"),
        { login: "nobody", password: "guess" },
        "192.0.2.39",
      );
      const attacker = "192.0.2.40";
      const browsers = await Promise.all(
        Array.from({ length: 40 }, () => browserWithForm(site.app, attacker)),
      );
      const staffBrowser = await browserWithForm(site.app, "10.0.0.5");
      const burst = browsers.map((browser, index) =>
        postSignIn(site.app, browser, { login: `nobody${index}`, password: "guess" }, attacker),
      );
      // The staff member signs in while the burst is being answered.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const real = await postSignIn(
        site.app,
        staffBrowser,
        { login: "fedor", password },
        "10.0.0.5",
      );
      const answers = await Promise.all(burst);
      console.log(
        `40 from one address: ${JSON.stringify(countStatuses(answers))}; real sign-in ${real.status} in ${Math.round(real.ms)} ms, own scrypt ${Math.round(ownScryptMs)} ms`,
      );
      assert.equal(real.status, 302, "the real sign-in succeeds");
    });

    test("no request above failed on the server: no 5xx answered, no error logged", () => {
      const lines = site.logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const requests = lines.filter((line) => line.msg === "request");
      assert.ok(requests.length > 100);
      assert.deepEqual(
        requests.filter((line) => Number(line.status) >= 500).map((line) => line.path),
        [],
      );
      assert.deepEqual(
        lines.filter((line) => Number(line.level) >= 50).map((line) => line.msg),
        [],
      );
    });
  });
}
