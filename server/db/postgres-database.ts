import pg from "pg";
import {
  type Database,
  numberedPlaceholders,
  preparedName,
  type SqlExecutor,
  type SqlRow,
  type SqlValue,
  type Transaction,
} from "./database.ts";
import { assertNotNewer, migrations } from "./migrations.ts";
import { backupPostgresStore } from "./postgres-backup.ts";

/**
 * App servers on one store take turns to migrate at start: each takes this lock in its migration's
 * transaction. It is keyed by the schema (the pair's second number), because an advisory lock is
 * database-wide: with one constant key, servers of different stores in one database (the tests'
 * schemas, a staging copy) waited for each other's migrations, and a migration whose client had
 * gone silent held every other store's start.
 */
export const migrationLockSql =
  "SELECT pg_advisory_xact_lock(43202604, hashtext(current_schema()))";

/** Connections of one server: appeals, staff pages, the outbox and the reminder share them. */
const poolSize = 10;

/** The query pg is given: named (prepared once per connection) when `prepared` marked it. */
function queryOf(sql: string, params: readonly SqlValue[]): pg.QueryConfig {
  const name = preparedName(sql);
  if (name === undefined) return { text: numberedPlaceholders(sql), values: [...params] };
  let text = numberedTexts.get(sql);
  if (text === undefined) {
    text = numberedPlaceholders(sql);
    numberedTexts.set(sql, text);
  }
  return { name, text, values: [...params] };
}

/** The numbered text of each prepared statement, worked out once. */
const numberedTexts = new Map<string, string>();

function executorOn(client: pg.Pool | pg.PoolClient): SqlExecutor {
  return {
    kind: "postgres",
    async all(sql, params = []) {
      return (await client.query(queryOf(sql, params))).rows as SqlRow[];
    },
    async run(sql, params = []) {
      return (await client.query(queryOf(sql, params))).rowCount ?? 0;
    },
  };
}

/**
 * The PostgreSQL database: one pool per server, migrated before it is returned. The URL may set
 * the schema for tests or a shared database: postgres://…/db?options=-c%20search_path%3Dappeals
 * Commits wait for the disk (synchronous_commit = on, the default, which the server relies on).
 */
export async function openPostgresDatabase(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
  });
  // A connection can die at any time (a database restart, a network cut). Its 'error' event
  // must not crash the server: an idle client's reaches the pool, a checked-out client's the
  // client itself. The query in flight fails (the request gets 503) and the pool reconnects.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const outside = executorOn(pool);
  return {
    ...outside,
    async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let failed = false;
      try {
        await client.query("BEGIN");
        const result = await work({ ...executorOn(client), inTransaction: true });
        // Returns once the commit is durable.
        await client.query("COMMIT");
        return result;
      } catch (error) {
        failed = true;
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        // A client that failed may hold a dead connection: the pool drops it instead of reusing it.
        client.release(failed);
      }
    },
    async durability() {
      const [row] = await outside.all(
        "SELECT current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS synchronous_commit",
      );
      return { fsync: String(row?.fsync), synchronous_commit: String(row?.synchronous_commit) };
    },
    backup: (target) => backupPostgresStore(url, target),
    writable: () => true,
    onWriteState: () => () => {},
    async ping() {
      await pool.query("SELECT 1");
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * A small pool of its own for the shared rate-limit counts, whose commits do not wait for the
 * disk (`synchronous_commit = off`): a crash of the database may forget the last fraction of a
 * second of counts, which lets a few more appeals through once and loses nothing anyone was told.
 * Waiting cost each appeal two more disk flushes and held the client's row lock meanwhile
 * (decision 0011). It must not be the appeals' pool, whose commits must wait.
 */
export function openRateLimitCountsPool(url: string): { client: pg.Pool; close(): Promise<void> } {
  const pool = new pg.Pool({
    connectionString: withoutCommitWait(url),
    max: 4,
    connectionTimeoutMillis: 5000,
  });
  pool.on("error", () => {});
  return { client: pool, close: () => pool.end() };
}

/**
 * The URL with `synchronous_commit=off` added to its `options`; the URL's own options (a
 * search_path, say) are kept: node-postgres lets the URL's win over its config.
 */
export function withoutCommitWait(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const options = url.searchParams.get("options");
  url.searchParams.set("options", `${options ? `${options} ` : ""}-c synchronous_commit=off`);
  return url.toString();
}

async function migrate(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query(migrationLockSql);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ version: number }>(
      "SELECT version FROM schema_migrations",
    );
    const applied = rows.map((row) => Number(row.version));
    assertNotNewer(applied, "the PostgreSQL database");
    for (const migration of migrations) {
      if (applied.includes(migration.version)) continue;
      await client.query(migration.postgres);
      await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
        migration.version,
        migration.name,
      ]);
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
