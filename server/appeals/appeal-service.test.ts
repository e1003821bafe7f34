import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp, validAppeal } from "../../tests/support/test-app.ts";
import { createSqliteDatabase } from "../../tests/support/test-databases.ts";
import { parseDatabaseUrl } from "../config.ts";
import { openDataLayer } from "../db/data-layer.ts";
import { apiMessages } from "./api-routes.ts";

test("a store that fails: 503 in Russian, and the log holds no personal data", async () => {
  const database = await createSqliteDatabase();
  const data = await openDataLayer(parseDatabaseUrl(database.url));
  data.appealIntake = {
    ...data.appealIntake,
    store: async () => {
      // What pg puts in a constraint error: the failing row, with the citizen's data.
      throw Object.assign(new Error("new row violates check constraint"), {
        code: "23514",
        detail: "Failing row contains (Анна-Мария, anna.maria@example.ru, +7 (912) 345-67-89)",
      });
    },
  };
  const site = await startTestApp({ databaseUrl: database.url, data });
  try {
    const response = await site.app.inject({
      method: "POST",
      url: "/api/users/appeals/",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(validAppeal()),
    });
    assert.equal(response.statusCode, 503);
    assert.deepEqual(response.json(), { errors: { _form: apiMessages.failed } });
    const log = site.logLines.join("");
    assert.match(log, /appeal not stored/);
    assert.match(log, /23514/);
    for (const secret of ["Анна", "anna.maria", "345-67-89", "Failing row"]) {
      assert.ok(!log.includes(secret), `log holds ${secret}`);
    }
  } finally {
    await site.close();
    await database.drop();
  }
});
