// For tests: a fresh, empty database of each kind, so one suite runs against both stores.
// PostgreSQL must be reachable: a test that cannot reach it fails, it never skips.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export type TestDatabase = {
  /** A DATABASE_URL for the server, the store or the list command. */
  url: string;
  drop(): Promise<void>;
};

export type TestDatabaseKind = {
  name: "SQLite" | "PostgreSQL";
  create(): Promise<TestDatabase>;
};

export const testPostgresUrl =
  process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

export async function createSqliteDatabase(): Promise<TestDatabase> {
  const dir = await mkdtemp(join(tmpdir(), "appeals-test-"));
  return {
    url: `sqlite:${join(dir, "appeals.sqlite")}`,
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A schema of its own per call (test runs never collide), named in the URL's search_path. */
export async function createPostgresDatabase(): Promise<TestDatabase> {
  const schema = `appeals_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${testPostgresUrl} (set TEST_DATABASE_URL): ${(error as Error).message}`,
    );
  }
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(testPostgresUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: testPostgresUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}

const bothKinds: readonly TestDatabaseKind[] = [
  { name: "SQLite", create: createSqliteDatabase },
  { name: "PostgreSQL", create: createPostgresDatabase },
];

/**
 * Set by the test runner (tests/support/run-test-files.ts) when it runs a slow two-store file as
 * two processes side by side: the one store this process tests. Unset, a file tests both.
 */
export const storeVariable = "TEST_STORE";

/**
 * The store of the browser flows: SQLite, once. What differs between the stores is the data
 * layer's, and its contract tests (server/db/*.test.ts) run on both; one PostgreSQL browser file
 * walks the main flows end to end (tests/e2e/postgres-main-flows.test.ts). Decision 0051.
 */
export const browserStores: readonly TestDatabaseKind[] = bothKinds.filter(
  (kind) => kind.name === "SQLite",
);

/** The stores this test process runs its tests on: both, or the runner's one. */
export const testDatabaseKinds: readonly TestDatabaseKind[] = (() => {
  const only = process.env[storeVariable];
  if (!only) return bothKinds;
  const kinds = bothKinds.filter((kind) => kind.name === only);
  if (kinds.length === 0) throw new Error(`${storeVariable}=${only}: SQLite or PostgreSQL`);
  return kinds;
})();
