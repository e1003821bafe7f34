// A missing thing is a 404 with the Russian not-found page, and only the store's trouble a 503
// (issue 43), through the one door of the server's pages (server/pages/), on SQLite and
// PostgreSQL, over fastify inject with the real React Router server build. An edition a form
// names that cannot exist (a number past any id: PostgreSQL refuses it as a key) was a 503, «try
// again in a few minutes»; the same form while the store cannot write is still a 503.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { breakInserts, repairInserts } from "../support/broken-inserts.ts";
import { addStaffUser } from "../support/staff-fixtures.ts";
import {
  StaffClient,
  type StaffTestApp,
  startStaffTestApp,
  textOf,
} from "../support/staff-test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../support/test-databases.ts";

const password = "correct horse battery";
/** An edition's number no store holds: past a 64-bit id. */
const noSuchEdition = "99999999999999999999";

for (const kind of testDatabaseKinds) {
  describe(`a missing thing and a store failure through the pages' door on ${kind.name}`, () => {
    let database: TestDatabase;
    let site: StaffTestApp;
    let head: StaffClient;
    before(async () => {
      database = await kind.create();
      site = await startStaffTestApp({ databaseUrl: database.url });
      await addStaffUser(site.data, "hanna", password, { role: "head" });
      head = new StaffClient(site.app);
      await head.signIn("hanna", password);
    });
    after(async () => {
      await site?.close();
      await database?.drop();
    });

    test("an edition that does not exist, named by a form: 404 and «Страница не найдена», not a 503", async () => {
      await head.get("/staff/site/news");
      const restored = await head.post("/staff/site/news", {
        intent: "restore",
        edition: noSuchEdition,
      });
      assert.equal(restored.statusCode, 404, textOf(restored.body).slice(0, 300));
      assert.match(textOf(restored.body), /Страница не найдена/);
      assert.doesNotMatch(restored.body, /Сервис временно недоступен|Application Error/);
      assert.equal(restored.headers["retry-after"], undefined, "nothing to wait for");
      const approved = await head.post("/staff/site/news", {
        intent: "approve",
        edition: noSuchEdition,
        revision: "0000000000000000",
      });
      assert.notEqual(approved.statusCode, 503, "a missing edition is not the store's trouble");
      assert.ok(approved.statusCode < 500, String(approved.statusCode));
      assert.equal(
        site.logLines.filter((line) => /"page failed"/.test(line)).length,
        0,
        "no failure logged",
      );
    });

    test("the same form while the store cannot write: 503 and the Russian page", async () => {
      await head.get("/staff/site/news");
      await breakInserts(database.url, "site_editions");
      try {
        const saved = await head.post("/staff/site/news", {
          intent: "publish",
          ncount: "0",
          nlast: "0",
        });
        assert.equal(saved.statusCode, 503, textOf(saved.body).slice(0, 300));
        assert.ok(saved.headers["retry-after"], "says when to try again");
        assert.match(textOf(saved.body), /Сервис временно недоступен/);
      } finally {
        await repairInserts(database.url, "site_editions");
      }
    });
  });
}
