// CSRF tokens bound to the session (issue 20), on SQLite and PostgreSQL through the real server
// build: a token fetched before signing in, or another session's token sent with that session's
// CSRF cookie, is refused after sign-in; the signed-in page's own token passes. Needs
// `npm run build`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addStaffUser } from "../support/staff-fixtures.ts";
import { StaffClient, type StaffTestApp, startStaffTestApp } from "../support/staff-test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../support/test-databases.ts";

const password = "correct horse battery";

for (const kind of testDatabaseKinds) {
  describe(`CSRF tokens bound to the session on ${kind.name}`, () => {
    let database: TestDatabase;
    let site: StaffTestApp;
    before(async () => {
      database = await kind.create();
      site = await startStaffTestApp({ databaseUrl: database.url });
      await addStaffUser(site.data, "lidia", password);
      await addStaffUser(site.data, "mark", password);
    });
    after(async () => {
      await site?.close();
      await database?.drop();
    });

    test("a token fetched before signing in is refused after it", async () => {
      const client = new StaffClient(site.app);
      await client.get("/staff/login");
      const beforeSignIn = client.csrfToken;
      const csrfCookieBefore = client.cookies.get("staff_csrf");
      assert.equal(
        (await client.post("/staff/login", { login: "lidia", password })).statusCode,
        302,
      );
      assert.equal((await client.get("/staff")).statusCode, 200);
      assert.notEqual(client.csrfToken, beforeSignIn, "the signed-in page has a new token");

      client.csrfToken = beforeSignIn;
      const stale = await client.post("/staff/logout", {});
      assert.equal(stale.statusCode, 403);
      // Even with the CSRF cookie of before sign-in put back.
      if (csrfCookieBefore) client.cookies.set("staff_csrf", csrfCookieBefore);
      assert.equal((await client.post("/staff/logout", {})).statusCode, 403);
      assert.equal((await client.get("/staff")).statusCode, 200, "still signed in");
      const own = await client.post("/staff/logout", {});
      assert.equal(own.statusCode, 302, "the page's own token passes");
    });

    test("another session's token, with that session's CSRF cookie, is refused", async () => {
      const lidia = new StaffClient(site.app);
      await lidia.signIn("lidia", password);
      assert.equal((await lidia.get("/staff")).statusCode, 200);
      const mark = new StaffClient(site.app);
      await mark.signIn("mark", password);
      assert.equal((await mark.get("/staff")).statusCode, 200);

      // Mark's session cookie with Lidia's CSRF cookie and token: a pair that matches itself.
      const crossed = new StaffClient(site.app);
      crossed.cookies.set("staff_session", mark.cookies.get("staff_session") ?? "");
      crossed.cookies.set("staff_csrf", lidia.cookies.get("staff_csrf") ?? "");
      crossed.csrfToken = lidia.csrfToken;
      const refused = await crossed.post("/staff/logout", {});
      assert.equal(refused.statusCode, 403);
      assert.equal((await mark.get("/staff")).statusCode, 200, "Mark is still signed in");
      assert.equal((await mark.post("/staff/logout", {})).statusCode, 302);
      assert.equal((await lidia.post("/staff/logout", {})).statusCode, 302);
    });
  });
}
