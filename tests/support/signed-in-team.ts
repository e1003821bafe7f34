// For tests: the app on a fresh database of one kind with the staff area's server build, and a
// staff account of each given role signed in, one browser (cookies, CSRF token) each.
import assert from "node:assert/strict";
import type { StaffRole } from "../../domain/staff/staff-roles.ts";
import { addStaffUser } from "./staff-fixtures.ts";
import { StaffClient, staffPageHandler } from "./staff-test-app.ts";
import { startTestApp, type TestApp } from "./test-app.ts";
import type { TestDatabaseKind } from "./test-databases.ts";

const password = "correct horse battery";

export type SignedInTeam = {
  site: TestApp;
  /** The signed-in browser of this login. */
  as(login: string): StaffClient;
  close(): Promise<void>;
};

export async function startSignedInTeam(
  kind: TestDatabaseKind,
  accounts: Record<string, { role: StaffRole; email?: string }>,
  options: Omit<Parameters<typeof startTestApp>[0], "databaseUrl" | "pageHandler"> = {},
): Promise<SignedInTeam> {
  const database = await kind.create();
  const site = await startTestApp({
    ...options,
    databaseUrl: database.url,
    pageHandler: await staffPageHandler(),
  });
  const clients = new Map<string, StaffClient>();
  for (const [login, account] of Object.entries(accounts)) {
    await addStaffUser(site.data, login, password, account);
    const client = new StaffClient(site.app);
    assert.equal((await client.signIn(login, password)).statusCode, 302, login);
    clients.set(login, client);
  }
  return {
    site,
    as(login) {
      const client = clients.get(login);
      assert.ok(client, login);
      return client;
    },
    async close() {
      await site.close();
      await database.drop();
    },
  };
}
