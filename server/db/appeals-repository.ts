/**
 * The appeals table: storing a citizen's appeal with its registration number, the registry's list
 * and search, one appeal and its state changes. Every method takes an optional transaction, so
 * the caller can write deliveries and audit lines in the same one. Nothing here deletes an appeal:
 * a case is destroyed only by an approved act of destruction (server/staff/archive/, decision
 * 0064).
 */
import { randomUUIDv7 } from "node:crypto";
import type { AppealState } from "../../domain/appeals/appeal-states.ts";
import { emailKey } from "../../domain/appeals/email-key.ts";
import { registrationNumber } from "../../domain/appeals/registration-number.ts";
import type { RegistryQuery, ScopedRegistryQuery } from "../../domain/staff/registry-query.ts";
import type { ListedRow, RegistryAppeal, RegistryPage } from "../../domain/staff/registry-types.ts";
import { draftsOf, toRegistryAppeal, toRow, toStoredAppeal } from "./appeal-rows.ts";
import { type Database, prepared, type SqlExecutor, type SqlValue } from "./database.ts";
import {
  draftColumns,
  filterConditions,
  orderBy,
  sqliteIndexHint,
  whereClause,
} from "./registry-sql.ts";

/** What the server stores: the seven fields, the normalised phone and the consent evidence. */
export type NewAppeal = {
  first_name: string;
  last_name: string;
  email: string;
  /** As the citizen typed it (trimmed). */
  phone: string;
  /** +7XXXXXXXXXX, for search. */
  phone_normalized: string;
  /** 'code - name' or "" when none was chosen. */
  region: string;
  comment: string;
  consent: true;
  /** Consent evidence (152-ФЗ): when it was given, from where, and to which text. */
  consent_at: Date;
  consent_text_version: string;
  client_ip: string;
  user_agent: string | null;
  created_at: Date;
  /** A topic the citizen's page of the form chose (issue 29); none: staff give it later. */
  topic?: string;
  /** Issue 46: the number of the appeal it follows up; how it came (the form unless said). */
  follow_up_of?: string;
  channel?: "form" | "mail";
};

export type StoredAppeal = Omit<NewAppeal, "consent_at" | "created_at"> & {
  id: string;
  /** The registration number a citizen can quote: 'А-2026-000123'. */
  number: string;
  /** ISO 8601, UTC. */
  created_at: string;
  consent_at: string;
};

/** Columns a state change may set (never taken from input: the registry service names them). */
export type AppealChange = Partial<{
  state: AppealState;
  registered_on: string;
  extension_days: number;
  extension_reason: string;
  forwarded_to: string;
  forwarded_on: string;
  answered_on: string;
  without_answer_ground: string;
  notice_sent_on: string;
  /**
   * The Kirov day the case was closed (answered, forwarded, left without an answer), written with
   * the state that closes it; its storage term counts from the year after (decision 0064). The
   * caller names the day: the answer's, the forward's, the day it was left.
   */
  closed_on: string;
  /** The executor's login; null takes the appeal off them. */
  assignee: string | null;
}>;

const rowColumns = `seq, id, number, created_at, state, registered_on, extension_days,
  without_answer_ground, notice_sent_on, assignee, last_name, first_name, email,
  substr(comment, 1, 120) AS comment_start`;

/**
 * The appeal's insert; `withheld` is the SQL of its acknowledgement_withheld value (a parameter,
 * or, inside one PostgreSQL statement, what the count found: appeal-intake.ts).
 */
const insertSqlWith = (withheld: string) => `INSERT INTO appeals (seq, id, number, created_at,
  first_name, last_name, email, email_key, phone, phone_normalized, region, comment, consent,
  consent_at, consent_text_version, client_ip, user_agent, topic, follow_up_of, channel,
  acknowledgement_withheld)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ${withheld})`;
const insertSql = insertSqlWith("?");

/**
 * The next registration sequence. SQLite: AUTOINCREMENT's own counter, inside the inserting
 * transaction; under BEGIN IMMEDIATE no other writer can take the same value, and a rolled-back
 * insert gives it back (no gap). PostgreSQL never hands a sequence value back, in a transaction or
 * not, so a failed insert leaves a gap: numbers are unique, not gap-free.
 */
const nextSequenceSql = {
  sqlite: "SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'appeals'), 0) + 1 AS seq",
  postgres: prepared("SELECT nextval(pg_get_serial_sequence('appeals', 'seq'))::text AS seq"),
} as const;

/** The sequence number of the next appeal (PostgreSQL: outside a transaction too, as nextval is). */
export async function nextAppealSequence(tx: SqlExecutor): Promise<number> {
  const [row] = await tx.all(nextSequenceSql[tx.kind]);
  return Number(row?.seq);
}

/** The appeal insert's statement and its parameters, for a statement that writes more with it. */
export const appealInsert = {
  sqlWith: insertSqlWith,
  /** The parameters up to the acknowledgement's mark (which `sqlWith` writes). */
  params: (
    appeal: NewAppeal,
    row: { seq: number; id: string; number: string; emailKey: string },
    kind: SqlExecutor["kind"],
  ): SqlValue[] => [
    row.seq,
    row.id,
    row.number,
    appeal.created_at.toISOString(),
    appeal.first_name,
    appeal.last_name,
    appeal.email,
    row.emailKey,
    appeal.phone,
    appeal.phone_normalized,
    appeal.region,
    appeal.comment,
    kind === "sqlite" ? 1 : "true",
    appeal.consent_at.toISOString(),
    appeal.consent_text_version,
    appeal.client_ip,
    appeal.user_agent,
    appeal.topic ?? null,
    appeal.follow_up_of ?? null,
    appeal.channel ?? "form",
  ],
};

export function createAppealsRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;
  const from = (query: Omit<RegistryQuery, "after">) =>
    db.kind === "sqlite" ? `appeals ${sqliteIndexHint(query)}` : "appeals";

  return {
    /**
     * Stores one appeal and gives it an id and a registration number; call inside a transaction.
     * `mark.withheld`: its acknowledgement was withheld by the cap; `mark.emailKey`: the address's
     * key when the caller has it already.
     */
    async insert(
      appeal: NewAppeal,
      tx: SqlExecutor,
      mark: { withheld?: boolean; emailKey?: string } = {},
    ): Promise<{ id: string; number: string }> {
      const id = randomUUIDv7();
      const seq = await nextAppealSequence(tx);
      const number = registrationNumber(seq, appeal.created_at);
      const key = mark.emailKey ?? emailKey(appeal.email);
      const withheld = mark.withheld === true;
      await tx.run(insertSql, [
        ...appealInsert.params(appeal, { seq, id, number, emailKey: key }, tx.kind),
        tx.kind === "sqlite" ? Number(withheld) : String(withheld),
      ]);
      return { id, number };
    },

    /** Stored appeals in registration order; `since` keeps those created at or after it. */
    async list(filter: { since?: Date } = {}, tx?: SqlExecutor): Promise<StoredAppeal[]> {
      const rows = filter.since
        ? await on(tx).all("SELECT * FROM appeals WHERE created_at >= ? ORDER BY seq", [
            filter.since.toISOString(),
          ])
        : await on(tx).all("SELECT * FROM appeals ORDER BY seq");
      return rows.map(toStoredAppeal);
    },

    /** One appeal as the citizen sent it, or undefined. */
    async find(id: string, tx?: SqlExecutor): Promise<StoredAppeal | undefined> {
      const [row] = await on(tx).all("SELECT * FROM appeals WHERE id = ?", [id]);
      return row ? toStoredAppeal(row) : undefined;
    },

    /**
     * The appeal with this number whose e-mail is `email` (compared by their keys,
     * domain/appeals/email-key.ts), for the citizen's status page; undefined when either does not
     * match.
     */
    async findByNumberAndEmail(
      number: string,
      email: string,
      tx?: SqlExecutor,
    ): Promise<RegistryAppeal | undefined> {
      const [row] = await on(tx).all("SELECT * FROM appeals WHERE number = ? AND email_key = ?", [
        number,
        emailKey(email),
      ]);
      return row ? toRegistryAppeal(row) : undefined;
    },

    /** One page of the registry, newest first, continuing below `query.after` (keyset). */
    async registryPage(
      query: ScopedRegistryQuery,
      today: string,
      pageSize: number,
      tx?: SqlExecutor,
    ): Promise<RegistryPage> {
      const conditions = filterConditions(query, today);
      if (query.after !== undefined) conditions.push({ sql: "seq < ?", params: [query.after] });
      const where = whereClause(conditions);
      const rows = await on(tx).all(
        `SELECT ${rowColumns}, ${draftColumns} FROM ${from(query)} ${where.sql}
         ORDER BY ${orderBy(query, db.kind)} LIMIT ?`,
        [...where.params, pageSize + 1],
      );
      const page = rows.slice(0, pageSize).map((row) => ({ ...toRow(row), drafts: draftsOf(row) }));
      return {
        rows: page,
        nextAfter: rows.length > pageSize ? page.at(-1)?.seq : undefined,
      };
    },

    /** Every appeal the filters select, newest first, in batches (the CSV, the reminder). */
    async *eachInRegistry(
      query: Omit<ScopedRegistryQuery, "after">,
      today: string,
      batchSize = 500,
    ): AsyncGenerator<RegistryAppeal & Pick<ListedRow, "drafts">> {
      let after: number | undefined;
      for (;;) {
        const conditions = filterConditions(query, today);
        if (after !== undefined) conditions.push({ sql: "seq < ?", params: [after] });
        const where = whereClause(conditions);
        const rows = await db.all(
          `SELECT *, ${draftColumns} FROM ${from(query)} ${where.sql}
           ORDER BY ${orderBy(query, db.kind)} LIMIT ?`,
          [...where.params, batchSize],
        );
        for (const row of rows) yield { ...toRegistryAppeal(row), drafts: draftsOf(row) };
        if (rows.length < batchSize) return;
        after = Number(rows.at(-1)?.seq);
      }
    },

    /** How many appeals the filters select (the heads' reminder: how many await approval). */
    async countInRegistry(query: Omit<ScopedRegistryQuery, "after">, today: string) {
      const where = whereClause(filterConditions(query, today));
      const [row] = await db.all(`SELECT COUNT(*) AS n FROM appeals ${where.sql}`, where.params);
      return Number(row?.n ?? 0);
    },

    async findInRegistry(id: string, tx?: SqlExecutor): Promise<RegistryAppeal | undefined> {
      const [row] = await on(tx).all("SELECT * FROM appeals WHERE id = ?", [id]);
      return row ? toRegistryAppeal(row) : undefined;
    },

    /**
     * Applies a change if the appeal is still at `expected` (version and state); false when
     * someone changed it meanwhile. The caller's transaction holds the audit line with it.
     */
    async change(
      id: string,
      expected: { version: number; state: AppealState },
      change: AppealChange,
      tx: SqlExecutor,
    ): Promise<boolean> {
      const columns = Object.keys(change) as Array<keyof AppealChange>;
      const assignments = columns.map((column) => `${column} = ?`);
      const values = columns.map((column) => change[column] as SqlValue);
      const changed = await tx.run(
        `UPDATE appeals SET ${[...assignments, "version = version + 1"].join(", ")}
         WHERE id = ? AND version = ? AND state = ?`,
        [...values, id, expected.version, expected.state],
      );
      return changed === 1;
    },

    /**
     * Records that the author of an appeal left without an answer was told (the notice term is
     * met), unless it was recorded already. True when this call recorded it.
     */
    async recordNoticeSent(id: string, day: string, tx: SqlExecutor): Promise<boolean> {
      const changed = await tx.run(
        `UPDATE appeals SET notice_sent_on = ?, version = version + 1
         WHERE id = ? AND state = 'without_answer' AND notice_sent_on IS NULL`,
        [day, id],
      );
      return changed === 1;
    },
  };
}

export type AppealsRepository = ReturnType<typeof createAppealsRepository>;
