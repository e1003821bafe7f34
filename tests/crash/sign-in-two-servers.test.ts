// Two server processes on one PostgreSQL share the lockout (issue 20): 30 wrong passwords for one
// login sent at once, half to each server, get at most 5 password checks between them, and the
// right password is refused by both afterwards. Needs `npm run build` (the staff pages).
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseDatabaseUrl } from "../../server/config.ts";
import { openDataLayer } from "../../server/db/data-layer.ts";
import { killIfRunning, type ServerProcess, startServer } from "../support/server-process.ts";
import { addStaffUser } from "../support/staff-fixtures.ts";
import { createPostgresDatabase } from "../support/test-databases.ts";

const password = "correct horse battery";

/** A browser that fetched the sign-in form from `baseUrl`: its cookies and token. */
async function signInForm(baseUrl: string) {
  const response = await fetch(`${baseUrl}/staff/login`);
  const html = await response.text();
  const token = /name="_csrf" value="([^"]*)"/.exec(html)?.[1];
  assert.ok(token, "the form carries a token");
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { cookie, token: token.replace(/&amp;/g, "&") };
}

async function postSignIn(baseUrl: string, login: string, secret: string): Promise<number> {
  const form = await signInForm(baseUrl);
  const response = await fetch(`${baseUrl}/staff/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: baseUrl,
      cookie: form.cookie,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ login, password: secret, _csrf: form.token }).toString(),
    signal: AbortSignal.timeout(60_000),
  });
  await response.arrayBuffer();
  return response.status;
}

test("two servers on one PostgreSQL share the count: 30 parallel wrong passwords, at most 5 checked", async () => {
  const database = await createPostgresDatabase();
  const servers: ServerProcess[] = [];
  try {
    const data = await openDataLayer(parseDatabaseUrl(database.url));
    await addStaffUser(data, "irina", password, {}, { fullCost: true });
    await data.close();
    servers.push(await startServer(database.url), await startServer(database.url));
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        postSignIn((servers[index % 2] as ServerProcess).baseUrl, "irina", `wrong ${index}`),
      ),
    );
    const counts: Record<number, number> = {};
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
    assert.ok((counts[401] ?? 0) <= 5, `password checks: ${counts[401]}`);
    assert.equal((counts[401] ?? 0) + (counts[429] ?? 0), 30, JSON.stringify(counts));
    // On a busy machine the wait for a check refuses some of the burst before 5 are checked:
    // wrong ones one at a time, on alternate servers, until the login is locked.
    let checked = counts[401] ?? 0;
    for (let index = 0; checked < 5 && index < 5; index += 1) {
      const server = servers[index % 2] as ServerProcess;
      if ((await postSignIn(server.baseUrl, "irina", `more ${index}`)) === 401) checked += 1;
    }
    console.log(
      `two servers, 30 wrong: ${JSON.stringify(counts)}, then ${checked - (counts[401] ?? 0)} checked one at a time`,
    );
    assert.equal(checked, 5, "the fifth checked failure locks the login");
    for (const server of servers) {
      assert.equal(await postSignIn(server.baseUrl, "irina", password), 429, server.baseUrl);
    }
  } finally {
    for (const server of servers) await killIfRunning(server);
    await database.drop();
  }
});
