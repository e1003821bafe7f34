// `npm run staff -- …` on a real store: accounts with roles and e-mail, a role changed, the
// list; bad roles and addresses refused with exit code 2 and nothing changed.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { staffCommand } from "../../../tests/support/appeals-command.ts";
import { createSqliteDatabase, type TestDatabase } from "../../../tests/support/test-databases.ts";
import { parseDatabaseUrl } from "../../config.ts";
import { openDataLayer } from "../../db/data-layer.ts";

let database: TestDatabase;
before(async () => {
  database = await createSqliteDatabase();
});
after(async () => {
  await database?.drop();
});

const withPassword = { STAFF_PASSWORD: "a long enough password" };

test("accounts get a role (head unless told) and an e-mail; a role can change", async () => {
  const added = await staffCommand(database.url, ["add", "olga"], withPassword);
  assert.equal(added.code, 0, added.stderr);
  assert.match(added.stdout, /Account "olga" added \(head\)/);
  const executor = await staffCommand(
    database.url,
    ["add", "ivan", "--role", "executor", "--email", "ivan@example.ru"],
    withPassword,
  );
  assert.equal(executor.code, 0, executor.stderr);

  const badRole = await staffCommand(database.url, ["add", "x1", "--role", "boss"], withPassword);
  assert.equal(badRole.code, 2);
  assert.match(badRole.stderr, /Unknown role "boss": one of registrar, executor, head, admin/);
  const badMail = await staffCommand(database.url, ["role", "ivan", "head", "--email", "nope"]);
  assert.equal(badMail.code, 2);

  const changed = await staffCommand(database.url, ["role", "olga", "registrar"]);
  assert.equal(changed.code, 0, changed.stderr);
  const missing = await staffCommand(database.url, ["role", "nobody", "head"]);
  assert.equal(missing.code, 1);

  const list = await staffCommand(database.url, ["list"]);
  assert.match(list.stdout, /^ivan {2}executor {2}ivan@example\.ru {2}created /m);
  assert.match(list.stdout, /^olga {2}registrar {2}no e-mail {2}created /m);
  const data = await openDataLayer(parseDatabaseUrl(database.url));
  try {
    assert.deepEqual(
      (await data.staffAccounts.listUsers()).map((user) => [user.login, user.role, user.email]),
      [
        ["ivan", "executor", "ivan@example.ru"],
        ["olga", "registrar", null],
      ],
    );
  } finally {
    await data.close();
  }
});
