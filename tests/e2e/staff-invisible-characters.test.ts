// A citizen's bidi and invisible control characters on the staff pages and in the CSV (issue 20),
// on SQLite and PostgreSQL through the real server build: 'Оплачено ‮12345 руб' (a U+202E
// inside) is shown with its control character visibly escaped, never reversing the text. Needs
// `npm run build`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addStaffUser, storeAppealIn } from "../support/staff-fixtures.ts";
import {
  readAppealPage,
  StaffClient,
  type StaffTestApp,
  startStaffTestApp,
  textOf,
} from "../support/staff-test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../support/test-databases.ts";

const password = "correct horse battery";
const override = "\u202e";
const comment = `Оплачено ${override}12345 руб`;
const shown = "Оплачено \\u{202e}12345 руб";

for (const kind of testDatabaseKinds) {
  describe(`invisible characters shown to staff on ${kind.name}`, () => {
    let database: TestDatabase;
    let site: StaffTestApp;
    let staff: StaffClient;
    let id: string;
    before(async () => {
      database = await kind.create();
      site = await startStaffTestApp({ databaseUrl: database.url });
      await addStaffUser(site.data, "nina", password);
      staff = new StaffClient(site.app);
      await staff.signIn("nina", password);
      // Written to the store directly, as an appeal from before the schema refused them would be.
      ({ id } = await storeAppealIn(site.data, new Date(), undefined, {
        last_name: `Петрова${override}`,
        comment,
      }));
    });
    after(async () => {
      await site?.close();
      await database?.drop();
    });

    test("the appeal page and the list show U+202E as \\u{202e}", async () => {
      const page = await staff.get(`/staff/appeals/${id}`);
      assert.equal(page.statusCode, 200);
      assert.ok(!page.body.includes(override), "no U+202E reaches the page");
      const read = readAppealPage(page.body);
      assert.equal(textOf(read.comment), shown);
      assert.equal(textOf(read.fields.get("Фамилия") ?? ""), "Петрова\\u{202e}");
      const list = await staff.get("/staff");
      assert.equal(list.statusCode, 200);
      assert.ok(!list.body.includes(override), "no U+202E reaches the list");
      assert.ok(list.body.includes("Петрова\\u{202e}"));
    });

    test("the CSV shows it as \\u{202e} too", async () => {
      const csv = await staff.get("/staff/export.csv");
      assert.equal(csv.statusCode, 200);
      const text = csv.rawPayload.toString("utf8");
      assert.ok(!text.includes(override), "no U+202E reaches the CSV");
      assert.ok(text.includes(`;"${shown}";`) || text.includes(`;${shown};`), text);
    });
  });
}
