// `npm run appeals -- purge --older-than <years>` on SQLite and PostgreSQL: old appeals go with
// their notifications and audit lines; newer ones stay; the audit keeps only that a purge happened.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { after, before, describe, test } from "node:test";
import { promisify } from "node:util";
import { parseDatabaseUrl } from "../config.ts";
import type { AppealStore } from "../store/appeal-store.ts";
import { openStore } from "../store/open-store.ts";
import { openSqlRunner, type SqlRunner } from "../store/sql-runner.ts";
import { type TestDatabase, testDatabaseKinds } from "../store/test-databases.ts";
import { openStaffStore } from "./open-staff-store.ts";
import type { StaffStore } from "./staff-store.ts";
import { newAppeal } from "./staff-test-app.ts";

const run = promisify(execFile);
const yearMs = 365.25 * 86_400_000;

for (const kind of testDatabaseKinds) {
  describe(`appeals purge on ${kind.name}`, () => {
    let database: TestDatabase;
    let store: AppealStore;
    let staff: StaffStore;
    let sql: SqlRunner;
    const cli = (args: string[]) =>
      run(process.execPath, ["scripts/appeals-cli.ts", ...args], {
        env: { ...process.env, DATABASE_URL: database.url },
      });
    const count = async (table: string) =>
      Number((await sql.all(`SELECT count(*) AS n FROM ${table}`))[0]?.n);

    before(async () => {
      database = await kind.create();
      const config = parseDatabaseUrl(database.url);
      store = await openStore(config);
      staff = await openStaffStore(config);
      sql = await openSqlRunner(config);
    });
    after(async () => {
      await sql?.close();
      await staff?.close();
      await store?.close();
      await database?.drop();
    });

    test("appeals older than the term are deleted with what refers to them; newer ones stay", async () => {
      const now = Date.now();
      const old = await store.insertAppeal(
        newAppeal(new Date(now - 6 * yearMs), {
          last_name: "Староверова",
          email: "old@example.ru",
        }),
      );
      await store.insertAppeal(newAppeal(new Date(now - 5.5 * yearMs)));
      const recent = await store.insertAppeal(newAppeal(new Date(now - 4 * yearMs)));
      await staff.audit({
        at: new Date(),
        staff_login: "anna",
        appeal_id: old.id,
        action: "forward",
        from_state: "registered",
        to_state: "forwarded",
        details: "направлено: Староверовой лично",
      });
      assert.equal(await count("notification_outbox"), 3);

      const { stdout } = await cli(["purge", "--older-than", "5"]);
      assert.match(stdout, /^Deleted 2 appeal\(s\) received before /);
      const left = await store.listAppeals();
      assert.deepEqual(
        left.map((appeal) => appeal.id),
        [recent.id],
      );
      assert.equal(await count("notification_outbox"), 1, "their notifications went too");
      const audit = await sql.all("SELECT * FROM staff_audit");
      assert.equal(audit.length, 1, "the old appeal's audit lines went with it");
      assert.equal(audit[0]?.action, "purge");
      assert.equal(audit[0]?.appeal_id, null);
      const line = JSON.stringify(audit[0]);
      assert.match(line, /удалено обращений: 2/);
      assert.doesNotMatch(line, /Староверов|old@example|Иванова/);
    });

    test("the default term is 5 years; a bad term is refused", async () => {
      const { stdout } = await cli(["purge"]);
      assert.match(stdout, /^Deleted 0 appeal\(s\)/);
      await assert.rejects(
        cli(["purge", "--older-than", "five"]),
        (error: Error & { code: number; stderr: string }) => {
          assert.equal(error.code, 2);
          assert.match(error.stderr, /not a whole number of years/);
          return true;
        },
      );
      assert.equal((await store.listAppeals()).length, 1);
    });
  });
}
