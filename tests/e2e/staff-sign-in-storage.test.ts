// What signing in stores, and for how long (issue 20), on SQLite and PostgreSQL through the real
// server build: no table holds a typed login or a client's address in clear after failures;
// expired counters, dead sessions and old sign-in audit lines are purged (daily, at PURGE_TIME);
// refused attempts add a bounded number of audit lines. Needs `npm run build`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { appealEntry } from "../../server/db/audit-repository.ts";
import {
  createSignInPurgeJob,
  purgeSignInLeftovers,
} from "../../server/staff/auth/sign-in-purge.ts";
import { everyTableAsText, querySql, runSql } from "../support/direct-sql.ts";
import { browserWithForm, countStatuses, postSignIn } from "../support/sign-in-attempts.ts";
import { addStaffUser, storeAppealIn } from "../support/staff-fixtures.ts";
import { StaffClient, type StaffTestApp, startStaffTestApp } from "../support/staff-test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../support/test-databases.ts";
import { silentLog } from "../support/test-delivery-sender.ts";

const password = "correct horse battery";
const dayMs = 86_400_000;

for (const kind of testDatabaseKinds) {
  describe(`what sign-in stores on ${kind.name}`, () => {
    let database: TestDatabase;
    let site: StaffTestApp;
    before(async () => {
      database = await kind.create();
      site = await startStaffTestApp({ databaseUrl: database.url });
      await addStaffUser(site.data, "zoya", password);
    });
    after(async () => {
      await site?.close();
      await database?.drop();
    });

    const countAudit = async () =>
      Number(
        (await querySql(site.databaseUrl, "SELECT count(*) AS n FROM staff_audit"))[0]?.n ?? 0,
      );

    test("no table and no log line holds the typed login or the address in clear", async () => {
      // A password typed into the login field, a very long login, and an existing login typed
      // in another case: none may be stored as typed.
      const typed = ["Пароль-В-Поле-Логина-7Q!", `Long${"Login7".repeat(2_500)}`, "ZOYA"];
      const address = "203.0.113.77";
      for (const login of typed) {
        const browser = await browserWithForm(site.app, address);
        const answer = await postSignIn(site.app, browser, { login, password: "wrong" }, address);
        assert.equal(answer.status, 401);
      }
      const tables = await everyTableAsText(site.databaseUrl);
      for (const [table, text] of tables) {
        const folded = text.toLowerCase();
        for (const login of typed.slice(0, 2)) {
          assert.ok(!folded.includes(login.toLowerCase().slice(0, 20)), `${table} holds a login`);
        }
        assert.ok(!text.includes(address), `${table} holds the address`);
      }
      assert.match(tables.get("staff_sign_in_guard") ?? "", /login:/, "failures were counted");
      const log = site.logLines.join("\n").toLowerCase();
      assert.ok(!log.includes("пароль-в-поле"), "the log holds a typed login");
      assert.ok(!log.includes(address), "the log holds the address");
    });

    test("1,000 refused attempts add a bounded number of audit lines", async () => {
      await addStaffUser(site.data, "yakov", password);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const browser = await browserWithForm(site.app, "198.51.100.1");
        const answer = await postSignIn(
          site.app,
          browser,
          { login: "yakov", password: `wrong ${attempt}` },
          "198.51.100.1",
        );
        assert.equal(answer.status, 401);
      }
      const before = await countAudit();
      const browser = await browserWithForm(site.app, "198.51.100.2");
      const statuses: Record<number, number> = {};
      for (let batch = 0; batch < 50; batch += 1) {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            postSignIn(
              site.app,
              browser,
              { login: "yakov", password: `guess ${batch}-${index}` },
              `198.51.100.${2 + (index % 10)}`,
            ),
          ),
        );
        for (const [status, count] of Object.entries(countStatuses(answers))) {
          statuses[Number(status)] = (statuses[Number(status)] ?? 0) + count;
        }
      }
      const added = (await countAudit()) - before;
      console.log(`1,000 refused: ${JSON.stringify(statuses)}; audit lines added: ${added}`);
      assert.deepEqual(statuses, { 429: 1_000 });
      assert.ok(added <= 2, `audit lines added: ${added}`);
      assert.ok(added >= 1, "the lock itself is audited");
    });

    test("expired counters, dead sessions and old sign-in audit lines are purged; the rest stays", async () => {
      const sql = (text: string, params: Array<string | number | null> = []) =>
        runSql(site.databaseUrl, text, params);
      const count = async (table: string) =>
        Number((await querySql(site.databaseUrl, `SELECT count(*) AS n FROM ${table}`))[0]?.n ?? 0);
      const past = (ms: number) => new Date(Date.now() - ms).toISOString();

      // Sessions: one ended, one idle past its limit, one live.
      const ended = new StaffClient(site.app);
      await ended.signIn("zoya", password);
      await ended.get("/staff");
      await ended.post("/staff/logout", {});
      const idle = new StaffClient(site.app);
      await idle.signIn("zoya", password);
      await sql("UPDATE staff_sessions SET last_seen_at = ? WHERE ended_at IS NULL", [
        past(31 * 60_000),
      ]);
      const live = new StaffClient(site.app);
      assert.equal((await live.signIn("zoya", password)).statusCode, 302);
      assert.equal(await count("staff_sessions"), 3);

      // Counters: every one so far expired but one fresh.
      await sql("UPDATE staff_sign_in_guard SET expires_at = ?", [past(1_000)]);
      const fresh = await browserWithForm(site.app, "192.0.2.9");
      await postSignIn(site.app, fresh, { login: "zoya", password: "wrong" }, "192.0.2.9");
      assert.ok((await count("staff_sign_in_guard")) > 2);

      // Audit: sign-in lines from 400 days ago go; an appeal's line as old stays.
      const { id } = await storeAppealIn(site.data, new Date());
      await site.data.audit.record(appealEntry(new Date(), "zoya", id, "register"));
      await sql("UPDATE staff_audit SET at = ?", [past(400 * dayMs)]);
      await site.data.audit.record(appealEntry(new Date(), "zoya", id, "start"));
      const oldSignInLines = Number(
        (
          await querySql(
            site.databaseUrl,
            "SELECT count(*) AS n FROM staff_audit WHERE appeal_id IS NULL",
          )
        )[0]?.n,
      );
      assert.ok(oldSignInLines > 5);

      // The daily purge (PURGE_TIME, here past midnight so it is due now), once a day.
      const purge = () =>
        createSignInPurgeJob({
          data: site.data,
          auditDays: 365,
          time: "00:00",
          log: silentLog,
        }).runOnce();
      assert.equal(await purge(), "ran");
      assert.equal(await purge(), "done", "one run a day, whoever asks again");
      assert.equal(await count("staff_sessions"), 1, "only the live session stays");
      assert.equal((await live.get("/staff")).statusCode, 200, "and it still opens");
      assert.equal(await count("staff_sign_in_guard"), 2, "the fresh login's and address's");
      assert.equal(
        Number(
          (
            await querySql(
              site.databaseUrl,
              "SELECT count(*) AS n FROM staff_audit WHERE appeal_id IS NULL AND at < ?",
              [past(365 * dayMs)],
            )
          )[0]?.n,
        ),
        0,
      );
      assert.equal((await site.data.audit.of(id)).length, 2, "an appeal's lines stay");

      // The term is the caller's: with 10,000 days nothing more goes.
      const none = await purgeSignInLeftovers(site.data, 10_000);
      assert.deepEqual(none, { counters: 0, sessions: 0, auditLines: 0 });
    });
  });
}
