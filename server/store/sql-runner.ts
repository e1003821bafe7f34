/**
 * One small way to run SQL on either database, so the staff registry's queries are written once:
 * `?` placeholders (turned into $1, $2… for PostgreSQL), rows as plain objects, and transactions.
 * Moments go in as ISO text (both databases compare them correctly: TEXT on SQLite, TIMESTAMPTZ
 * on PostgreSQL) and come out through `isoMoment`.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import pg from "pg";
import type { DatabaseConfig } from "../config.ts";

export type SqlValue = string | number | null;
export type SqlRow = Record<string, unknown>;

export type SqlRunner = {
  readonly kind: "sqlite" | "postgres";
  all(sql: string, params?: readonly SqlValue[]): Promise<SqlRow[]>;
  /** Rows changed by an INSERT, UPDATE or DELETE. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
  /** Runs `work` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** A moment read from either database (TEXT on SQLite, a Date from pg) as ISO 8601 text. */
export function isoMoment(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** A moment column that may be empty (NULL): ISO 8601 text, or null. */
export function nullableMoment(value: unknown): string | null {
  return value === null || value === undefined ? null : isoMoment(value);
}

export function nullableText(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/**
 * Opens a connection of its own to the store DATABASE_URL names. The appeal store must have been
 * opened first: it runs the migrations that create the tables used here.
 */
export async function openSqlRunner(database: DatabaseConfig): Promise<SqlRunner> {
  return database.kind === "sqlite" ? openSqlite(database.path) : openPostgres(database.url);
}

function openSqlite(path: string): SqlRunner {
  mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec(
    "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;",
  );
  // node:sqlite is synchronous, but a transaction's work awaits between statements: another
  // request's statement would join the open transaction. One at a time, then.
  let queue: Promise<unknown> = Promise.resolve();
  const serialised = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work, work);
    queue = result.catch(() => {});
    return result;
  };
  const direct: SqlRunner = {
    kind: "sqlite",
    async all(sql, params = []) {
      return db.prepare(sql).all(...(params as SQLInputValue[])) as SqlRow[];
    },
    async run(sql, params = []) {
      return Number(db.prepare(sql).run(...(params as SQLInputValue[])).changes);
    },
    transaction: () => {
      throw new Error("nested transaction");
    },
    async close() {},
  };
  return {
    kind: "sqlite",
    all: (sql, params) => serialised(() => direct.all(sql, params)),
    run: (sql, params) => serialised(() => direct.run(sql, params)),
    transaction: (work) =>
      serialised(async () => {
        db.exec("BEGIN IMMEDIATE");
        try {
          const result = await work(direct);
          db.exec("COMMIT");
          return result;
        } catch (error) {
          if (db.isTransaction) db.exec("ROLLBACK");
          throw error;
        }
      }),
    async close() {
      await queue;
      if (db.isOpen) db.close();
    },
  };
}

function numbered(sql: string): string {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
}

function openPostgres(url: string): SqlRunner {
  const pool = new pg.Pool({ connectionString: url, max: 5, connectionTimeoutMillis: 5000 });
  pool.on("error", () => {});
  const on = (client: pg.Pool | pg.PoolClient): Omit<SqlRunner, "transaction" | "close"> => ({
    kind: "postgres",
    async all(sql, params = []) {
      return (await client.query(numbered(sql), [...params])).rows as SqlRow[];
    },
    async run(sql, params = []) {
      return (await client.query(numbered(sql), [...params])).rowCount ?? 0;
    },
  });
  return {
    ...on(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const tx: SqlRunner = {
          ...on(client),
          transaction: () => {
            throw new Error("nested transaction");
          },
          async close() {},
        };
        const result = await work(tx);
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
