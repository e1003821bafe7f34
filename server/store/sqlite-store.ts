import { randomUUIDv7 } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { registrationNumber } from "../../domain/appeals/registration-number.ts";
import type { AppealStore, NewAppeal, StoredAppeal } from "./appeal-store.ts";
import { createGroupCommit, type Outcome } from "./group-commit.ts";
import { assertNotNewer, migrations } from "./migrations.ts";
import { createSqliteOutbox } from "./outbox-sqlite.ts";
import { servingAutoCheckpointPages, startCheckpointer } from "./sqlite-checkpointer.ts";

type InsertedAppeal = { id: string; number: string };

export function openSqliteStore(path: string): AppealStore {
  mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  // WAL lets readers (the operators' list command) work beside the server; FULL makes every
  // commit reach the disk before it returns, so an acknowledged appeal survives a power cut.
  // foreign_keys: SQLite enforces REFERENCES (and ON DELETE CASCADE) only when told to.
  db.exec(
    "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;",
  );
  migrate(db, path);
  // Checkpoints run in a thread of their own (server/store/sqlite-checkpointer.ts).
  db.exec(`PRAGMA wal_autocheckpoint = ${servingAutoCheckpointPages}`);
  const checkpointer = startCheckpointer(path);

  // The sequence is AUTOINCREMENT's own counter: under BEGIN IMMEDIATE no other writer can take
  // the same value, and a rolled-back insert gives it back (no gap).
  const nextSequence = db.prepare(
    "SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'appeals'), 0) + 1 AS seq",
  );
  const insert = db.prepare(`
    INSERT INTO appeals (seq, id, number, created_at, first_name, last_name, email, phone,
      phone_normalized, region, comment, consent, consent_at, consent_text_version, client_ip,
      user_agent)
    VALUES (:seq, :id, :number, :created_at, :first_name, :last_name, :email, :phone,
      :phone_normalized, :region, :comment, 1, :consent_at, :consent_text_version, :client_ip,
      :user_agent)`);

  const notifications = createSqliteOutbox(db, toStoredAppeal);

  /** Inserts one appeal with its notification; the caller holds the transaction. */
  const insertOne = (appeal: NewAppeal): InsertedAppeal => {
    const id = randomUUIDv7();
    const { seq } = nextSequence.get() as { seq: number };
    const number = registrationNumber(seq, appeal.created_at);
    insert.run({
      seq,
      id,
      number,
      created_at: appeal.created_at.toISOString(),
      first_name: appeal.first_name,
      last_name: appeal.last_name,
      email: appeal.email,
      phone: appeal.phone,
      phone_normalized: appeal.phone_normalized,
      region: appeal.region,
      comment: appeal.comment,
      consent_at: appeal.consent_at.toISOString(),
      consent_text_version: appeal.consent_text_version,
      client_ip: appeal.client_ip,
      user_agent: appeal.user_agent,
    });
    notifications.enqueue(id, appeal.created_at);
    return { id, number };
  };

  /**
   * Appeals waiting in this turn of the event loop, in one transaction: one fsync for all of them
   * (decision 0011). BEGIN IMMEDIATE keeps other processes out, and node:sqlite is synchronous,
   * so nothing else in this process runs in between. Each appeal has its own savepoint: one that
   * fails is rolled back alone and the others are kept. The commit is on disk when it returns
   * (synchronous = FULL); only then are the appeals acknowledged.
   */
  const insertBatch = (appeals: NewAppeal[]): Outcome<InsertedAppeal>[] => {
    db.exec("BEGIN IMMEDIATE");
    try {
      const outcomes = appeals.map((appeal): Outcome<InsertedAppeal> => {
        db.exec("SAVEPOINT appeal");
        try {
          const value = insertOne(appeal);
          db.exec("RELEASE appeal");
          return { ok: true, value };
        } catch (error) {
          db.exec("ROLLBACK TO appeal; RELEASE appeal");
          return { ok: false, error };
        }
      });
      db.exec("COMMIT");
      return outcomes;
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw error;
    }
  };

  const groupCommit = createGroupCommit(insertBatch);

  return {
    kind: "sqlite",
    outbox: notifications.outbox,
    insertAppeal: (appeal: NewAppeal) => groupCommit.add(appeal),
    async listAppeals(filter = {}) {
      const rows = filter.since
        ? db
            .prepare("SELECT * FROM appeals WHERE created_at >= ? ORDER BY seq")
            .all(filter.since.toISOString())
        : db.prepare("SELECT * FROM appeals ORDER BY seq").all();
      return rows.map((row) => toStoredAppeal(row as SqliteRow));
    },
    async durability() {
      const journal = db.prepare("PRAGMA journal_mode").get() as { journal_mode: string };
      const sync = db.prepare("PRAGMA synchronous").get() as { synchronous: number };
      const levels = ["off", "normal", "full", "extra"];
      return {
        journal_mode: journal.journal_mode.toLowerCase(),
        synchronous: levels[sync.synchronous] ?? String(sync.synchronous),
      };
    },
    async ping() {
      db.prepare("SELECT 1").get();
    },
    async close() {
      groupCommit.flush();
      await checkpointer.stop();
      if (db.isOpen) db.close();
    },
  };
}

function migrate(db: DatabaseSync, path: string) {
  db.exec("BEGIN IMMEDIATE");
  try {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
    const applied = db
      .prepare("SELECT version FROM schema_migrations")
      .all()
      .map((row) => Number(row.version));
    assertNotNewer(applied, path);
    for (const migration of migrations) {
      if (applied.includes(migration.version)) continue;
      db.exec(migration.sqlite);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
    }
    db.exec("COMMIT");
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    db.close();
    throw error;
  }
}

type SqliteRow = Omit<StoredAppeal, "consent"> & { consent: number; seq: number };

function toStoredAppeal(row: SqliteRow): StoredAppeal {
  return {
    id: row.id,
    number: row.number,
    created_at: row.created_at,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    region: row.region,
    comment: row.comment,
    consent: true,
    phone_normalized: row.phone_normalized,
    consent_at: row.consent_at,
    consent_text_version: row.consent_text_version,
    client_ip: row.client_ip,
    user_agent: row.user_agent,
  };
}
