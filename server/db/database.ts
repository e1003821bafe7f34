/**
 * The one way the server runs SQL, on SQLite and on PostgreSQL alike: `?` placeholders (numbered
 * for PostgreSQL by the executor), rows as plain objects, and transactions that repositories
 * share. Moments go in as ISO 8601 text (TEXT on SQLite, TIMESTAMPTZ on PostgreSQL, both compare
 * it correctly) and come out through `isoMoment`. Nothing outside server/db/ writes SQL.
 */
import type { BackupReport } from "./store-backup-report.ts";
import type { WriteStateListener } from "./store-failure.ts";

/** A statement's parameter; bytes (a Buffer) go into BLOB / BYTEA columns. */
export type SqlValue = string | number | null | Uint8Array;
export type SqlRow = Record<string, unknown>;
export type DatabaseKind = "sqlite" | "postgres";

/** Runs statements: the database itself, or one transaction of it. */
export type SqlExecutor = {
  readonly kind: DatabaseKind;
  all(sql: string, params?: readonly SqlValue[]): Promise<SqlRow[]>;
  /** Rows changed by an INSERT, UPDATE or DELETE. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
};

/**
 * The executor a repository method was handed: inside a transaction, every statement of the work
 * must go through it (on SQLite a statement sent to the database itself would wait for the
 * transaction that waits for it).
 */
export type Transaction = SqlExecutor & { readonly inTransaction: true };

/** A database whose migrations have run: the only way to get one is `openDatabase`. */
export type Database = SqlExecutor & {
  /**
   * Runs `work` in one transaction; rolls back when it throws. Its statements must all go through
   * the `tx` it is given, and it must await nothing but them: on SQLite the transactions that
   * start in one turn of the event loop share one commit (decision 0011), each in a savepoint of
   * its own, and are answered only after that commit is on disk.
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * The settings an acknowledged appeal's survival rests on, as the database reports them on the
   * server's own connection: SQLite `journal_mode` and `synchronous`; PostgreSQL `fsync` and
   * `synchronous_commit`. Lower-case values ('wal', 'full', 'on').
   */
  durability(): Promise<Record<string, string>>;
  /**
   * A verified, consistent copy of the whole store in `target` while the server keeps writing
   * (server/db/store-backup.ts): an SQLite file, or a pg_dump archive on PostgreSQL.
   */
  backup(target: string): Promise<BackupReport>;
  /** Resolves when the database answers a trivial query (GET /healthz). */
  ping(): Promise<void>;
  /**
   * False while the store refuses writes by itself: SQLite below its disk reserve (decision 0023),
   * read at the moment of asking (decision 0050), so /healthz says so as soon as a write would be
   * refused. PostgreSQL manages its own disk: always true there (its failures are seen as they
   * happen).
   */
  writable(): boolean;
  /** Told whenever the store turns writable or not; returns the function that stops it. */
  onWriteState(listener: WriteStateListener): () => void;
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

/** `?` placeholders as PostgreSQL's $1, $2, … (no statement here has a literal '?'). */
export function numberedPlaceholders(sql: string): string {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
}

/**
 * Statements a PostgreSQL connection keeps prepared under a name once it has run them: parsed and
 * planned once per connection instead of on every call (the appeal's statement: about 490 µs of
 * the database's CPU unnamed, 270 µs named, decision 0033). Only the text of a constant given to
 * `prepared` is kept, so their number is bounded by the code; SQLite keeps every statement
 * prepared anyway (sqlite-database.ts).
 */
const preparedNames = new Map<string, string>();

/** `sql`, marked to be prepared by name on PostgreSQL; call it once, on a constant. */
export function prepared(sql: string): string {
  if (!preparedNames.has(sql)) preparedNames.set(sql, `app-${preparedNames.size + 1}`);
  return sql;
}

/** The name a statement is prepared under on PostgreSQL, if `prepared` marked it. */
export function preparedName(sql: string): string | undefined {
  return preparedNames.get(sql);
}
