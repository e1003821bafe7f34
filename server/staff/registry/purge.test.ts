// `npm run appeals -- purge --older-than <years>` on SQLite and PostgreSQL: old appeals go with
// their notifications and audit lines; newer ones stay; the audit keeps only that a purge happened.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { after, before, describe, test } from "node:test";
import { promisify } from "node:util";
import { samplePdf } from "../../../tests/support/appeal-files.ts";
import { querySql } from "../../../tests/support/direct-sql.ts";
import { newAppeal, storeAppealIn } from "../../../tests/support/staff-fixtures.ts";
import { type TestDatabase, testDatabaseKinds } from "../../../tests/support/test-databases.ts";
import { storeAppeal } from "../../appeals/store-appeal.ts";
import { parseDatabaseUrl } from "../../config.ts";
import { appealEntry } from "../../db/audit-repository.ts";
import { type DataLayer, openDataLayer } from "../../db/data-layer.ts";

const run = promisify(execFile);
const yearMs = 365.25 * 86_400_000;

for (const kind of testDatabaseKinds) {
  describe(`appeals purge on ${kind.name}`, () => {
    let database: TestDatabase;
    let data: DataLayer;
    const cli = (args: string[]) =>
      run(process.execPath, ["scripts/appeals-cli.ts", ...args], {
        env: { ...process.env, DATABASE_URL: database.url },
      });
    const waitingMails = async () =>
      (await data.deliveries.backlog())["appeal-notification"].pending;

    before(async () => {
      database = await kind.create();
      const config = parseDatabaseUrl(database.url);
      data = await openDataLayer(config);
    });
    after(async () => {
      await data?.close();
      await database?.drop();
    });

    test("appeals older than the term are deleted with what refers to them; newer ones stay", async () => {
      const now = Date.now();
      // With a file the citizen attached (decision 0045): it goes with its appeal.
      const oldAt = new Date(now - 6 * yearMs);
      const old = await storeAppeal(
        data,
        newAppeal(oldAt, { last_name: "Староверова", email: "old@example.ru" }),
        [{ fileName: "анализ.pdf", mediaType: "application/pdf", content: samplePdf }],
      );
      assert.equal((await data.attachments.listOf({ kind: "appeal", id: old.id })).length, 1);
      await storeAppealIn(data, new Date(now - 5.5 * yearMs));
      const recent = await storeAppealIn(data, new Date(now - 4 * yearMs));
      await data.audit.record(
        appealEntry(new Date(), "anna", old.id, "forward", {
          from: "registered",
          to: "forwarded",
          details: "направлено: Староверовой лично",
        }),
      );
      assert.equal(await waitingMails(), 3);

      const { stdout } = await cli(["purge", "--older-than", "5"]);
      assert.match(stdout, /^Deleted 2 appeal\(s\) received before /);
      const left = await data.appeals.list();
      assert.deepEqual(
        left.map((appeal) => appeal.id),
        [recent.id],
      );
      assert.equal(await waitingMails(), 1, "their notifications went too");
      assert.deepEqual(await data.attachments.listOf({ kind: "appeal", id: old.id }), []);
      const [file] = await querySql(database.url, "SELECT count(*) AS n FROM attachments", []);
      assert.equal(Number(file?.n), 0, "the citizen's file went with its appeal");
      assert.deepEqual(
        await data.audit.of(old.id),
        [],
        "the old appeal's audit lines went with it",
      );
      const audit = await data.audit.recent(10);
      assert.equal(audit.length, 1);
      assert.equal(audit[0]?.action, "purge");
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
      assert.equal((await data.appeals.list()).length, 1);
    });
  });
}
