/**
 * Everything the staff area stores: accounts, sessions, failed sign-ins, the audit log, each
 * appeal's registry state, the daily reminder's claim and the retention purge. One
 * implementation over both databases (server/store/sql-runner.ts); the tables come from
 * migration 3 (server/store/migrations.ts).
 */
import type { AppealState } from "../../domain/appeals/appeal-states.ts";
import type { RegistryQuery } from "../../domain/staff/registry-query.ts";
import type {
  AuditEntry,
  RegistryAppeal,
  RegistryPage,
  RegistryRow,
} from "../../domain/staff/registry-types.ts";
import {
  isoMoment,
  nullableMoment,
  nullableText,
  type SqlRow,
  type SqlRunner,
  type SqlValue,
} from "../store/sql-runner.ts";
import { filterConditions, orderBy, sqliteIndexHint, whereClause } from "./registry-sql.ts";

export type StaffUser = {
  id: number;
  login: string;
  password_hash: string;
  created_at: string;
  disabled_at: string | null;
};

export type SessionRecord = {
  user_id: number;
  login: string;
  created_at: string;
  last_seen_at: string;
  ended_at: string | null;
  disabled_at: string | null;
};

/** Columns a state change may set (never taken from input: the service names them). */
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
}>;

export type NewAuditEntry = {
  at: Date;
  staff_login: string;
  appeal_id: string | null;
  action: string;
  from_state: string | null;
  to_state: string | null;
  details: string | null;
};

const rowColumns = `seq, id, number, created_at, state, registered_on, extension_days,
  without_answer_ground, notice_sent_on, last_name, first_name, email,
  substr(comment, 1, 120) AS comment_start`;

export type StaffStore = ReturnType<typeof createStaffStore>;

export function createStaffStore(sql: SqlRunner) {
  const from = (query: Omit<RegistryQuery, "after">) =>
    sql.kind === "sqlite" ? `appeals ${sqliteIndexHint(query)}` : "appeals";
  const insertAudit = (runner: SqlRunner, entry: NewAuditEntry) =>
    runner.run(
      `INSERT INTO staff_audit (at, staff_login, appeal_id, action, from_state, to_state, details)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [
        entry.at.toISOString(),
        entry.staff_login,
        entry.appeal_id,
        entry.action,
        entry.from_state,
        entry.to_state,
        entry.details,
      ],
    );

  return {
    kind: sql.kind,

    async addUser(login: string, passwordHash: string, now: Date): Promise<"added" | "exists"> {
      const changed = await sql.run(
        `INSERT INTO staff_users (login, password_hash, created_at) VALUES (?, ?, ?)
         ON CONFLICT (login) DO NOTHING`,
        [login, passwordHash, now.toISOString()],
      );
      return changed === 1 ? "added" : "exists";
    },

    /** Disables the account and ends its sessions; false when there is no such login. */
    async disableUser(login: string, now: Date): Promise<boolean> {
      return sql.transaction(async (tx) => {
        const changed = await tx.run(
          "UPDATE staff_users SET disabled_at = ? WHERE login = ? AND disabled_at IS NULL",
          [now.toISOString(), login],
        );
        const exists = await tx.all("SELECT id FROM staff_users WHERE login = ?", [login]);
        await tx.run(
          `UPDATE staff_sessions SET ended_at = ? WHERE ended_at IS NULL
           AND user_id IN (SELECT id FROM staff_users WHERE login = ?)`,
          [now.toISOString(), login],
        );
        return changed === 1 || exists.length > 0;
      });
    },

    async listUsers(): Promise<StaffUser[]> {
      const rows = await sql.all("SELECT * FROM staff_users ORDER BY login");
      return rows.map(toUser);
    },

    async findUser(login: string): Promise<StaffUser | undefined> {
      const [row] = await sql.all("SELECT * FROM staff_users WHERE login = ?", [login]);
      return row ? toUser(row) : undefined;
    },

    async createSession(tokenHash: string, userId: number, now: Date): Promise<void> {
      await sql.run(
        `INSERT INTO staff_sessions (token_hash, user_id, created_at, last_seen_at)
         VALUES (?, ?, ?, ?)`,
        [tokenHash, userId, now.toISOString(), now.toISOString()],
      );
    },

    async findSession(tokenHash: string): Promise<SessionRecord | undefined> {
      const [row] = await sql.all(
        `SELECT s.user_id, u.login, s.created_at, s.last_seen_at, s.ended_at, u.disabled_at
         FROM staff_sessions s JOIN staff_users u ON u.id = s.user_id WHERE s.token_hash = ?`,
        [tokenHash],
      );
      if (!row) return undefined;
      return {
        user_id: Number(row.user_id),
        login: String(row.login),
        created_at: isoMoment(row.created_at),
        last_seen_at: isoMoment(row.last_seen_at),
        ended_at: nullableMoment(row.ended_at),
        disabled_at: nullableMoment(row.disabled_at),
      };
    },

    async touchSession(tokenHash: string, now: Date): Promise<void> {
      await sql.run("UPDATE staff_sessions SET last_seen_at = ? WHERE token_hash = ?", [
        now.toISOString(),
        tokenHash,
      ]);
    },

    async endSession(tokenHash: string, now: Date): Promise<void> {
      await sql.run(
        "UPDATE staff_sessions SET ended_at = ? WHERE token_hash = ? AND ended_at IS NULL",
        [now.toISOString(), tokenHash],
      );
    },

    /** Failed sign-ins under a key ('login:…', 'address:…') since a moment. */
    async countFailures(key: string, since: Date): Promise<number> {
      const [row] = await sql.all(
        "SELECT count(*) AS failures FROM staff_sign_in_failures WHERE key = ? AND at >= ?",
        [key, since.toISOString()],
      );
      return Number(row?.failures ?? 0);
    },

    /** Records a failed sign-in under each key, dropping records older than `keepSince`. */
    async recordFailure(keys: string[], now: Date, keepSince: Date): Promise<void> {
      await sql.transaction(async (tx) => {
        for (const key of keys) {
          await tx.run("DELETE FROM staff_sign_in_failures WHERE key = ? AND at < ?", [
            key,
            keepSince.toISOString(),
          ]);
          await tx.run("INSERT INTO staff_sign_in_failures (key, at) VALUES (?, ?)", [
            key,
            now.toISOString(),
          ]);
        }
      });
    },

    async clearFailures(key: string): Promise<void> {
      await sql.run("DELETE FROM staff_sign_in_failures WHERE key = ?", [key]);
    },

    async audit(entry: NewAuditEntry): Promise<void> {
      await insertAudit(sql, entry);
    },

    async auditOf(appealId: string): Promise<AuditEntry[]> {
      const rows = await sql.all(
        `SELECT seq, at, staff_login, action, from_state, to_state, details FROM staff_audit
         WHERE appeal_id = ? ORDER BY seq`,
        [appealId],
      );
      return rows.map(toAuditEntry);
    },

    /** Audit lines not tied to an appeal (sign-ins, purges), newest first. */
    async recentAudit(limit: number): Promise<AuditEntry[]> {
      const rows = await sql.all(
        `SELECT seq, at, staff_login, action, from_state, to_state, details FROM staff_audit
         WHERE appeal_id IS NULL ORDER BY seq DESC LIMIT ?`,
        [limit],
      );
      return rows.map(toAuditEntry);
    },

    /** One page of the list, newest first, continuing below `query.after` (keyset, no OFFSET). */
    async listAppeals(
      query: RegistryQuery,
      today: string,
      pageSize: number,
    ): Promise<RegistryPage> {
      const conditions = filterConditions(query, today);
      if (query.after !== undefined) conditions.push({ sql: "seq < ?", params: [query.after] });
      const where = whereClause(conditions);
      const rows = await sql.all(
        `SELECT ${rowColumns} FROM ${from(query)} ${where.sql} ORDER BY ${orderBy(query, sql.kind)} LIMIT ?`,
        [...where.params, pageSize + 1],
      );
      const page = rows.slice(0, pageSize).map(toRow);
      return {
        rows: page,
        nextAfter: rows.length > pageSize ? page.at(-1)?.seq : undefined,
      };
    },

    /** Every appeal the filters select, newest first, in batches (the CSV export). */
    async *eachAppeal(
      query: Omit<RegistryQuery, "after">,
      today: string,
      batchSize = 500,
    ): AsyncGenerator<RegistryAppeal> {
      let after: number | undefined;
      for (;;) {
        const conditions = filterConditions(query, today);
        if (after !== undefined) conditions.push({ sql: "seq < ?", params: [after] });
        const where = whereClause(conditions);
        const rows = await sql.all(
          `SELECT * FROM ${from(query)} ${where.sql} ORDER BY ${orderBy(query, sql.kind)} LIMIT ?`,
          [...where.params, batchSize],
        );
        for (const row of rows) yield toAppeal(row);
        if (rows.length < batchSize) return;
        after = Number(rows.at(-1)?.seq);
      }
    },

    async getAppeal(id: string): Promise<RegistryAppeal | undefined> {
      const [row] = await sql.all("SELECT * FROM appeals WHERE id = ?", [id]);
      return row ? toAppeal(row) : undefined;
    },

    /**
     * Applies a change if the appeal is still at `expectedVersion` in `fromState`, and writes its
     * audit line, in one transaction. False when someone changed the appeal meanwhile.
     */
    async changeAppeal(
      id: string,
      expected: { version: number; state: AppealState },
      change: AppealChange,
      audit: NewAuditEntry,
    ): Promise<boolean> {
      const columns = Object.keys(change) as Array<keyof AppealChange>;
      const assignments = columns.map((column) => `${column} = ?`);
      const values = columns.map((column) => change[column] as SqlValue);
      return sql.transaction(async (tx) => {
        const changed = await tx.run(
          `UPDATE appeals SET ${[...assignments, "version = version + 1"].join(", ")}
           WHERE id = ? AND version = ? AND state = ?`,
          [...values, id, expected.version, expected.state],
        );
        if (changed !== 1) return false;
        await insertAudit(tx, audit);
        return true;
      });
    },

    /**
     * Claims the daily reminder of `day` for `owner` until `leaseUntil`: true for one caller at a
     * time however many servers ask; a claim whose sender died (lease over, not sent) can be
     * taken again. The insert or update is one statement, atomic on both databases.
     */
    async claimReminder(day: string, owner: string, now: Date, leaseMs: number): Promise<boolean> {
      const changed = await sql.run(
        `INSERT INTO staff_reminders (day, claimed_by, claimed_at) VALUES (?, ?, ?)
         ON CONFLICT (day) DO UPDATE SET claimed_by = excluded.claimed_by,
           claimed_at = excluded.claimed_at
         WHERE staff_reminders.sent_at IS NULL AND staff_reminders.claimed_at < ?`,
        [day, owner, now.toISOString(), new Date(now.getTime() - leaseMs).toISOString()],
      );
      return changed === 1;
    },

    async markReminderSent(day: string, owner: string, at: Date, appealCount: number) {
      await sql.run(
        `UPDATE staff_reminders SET sent_at = ?, appeal_count = ? WHERE day = ? AND claimed_by = ?`,
        [at.toISOString(), appealCount, day, owner],
      );
    },

    /** Gives a claim back after a failed send, so the next check tries again. */
    async releaseReminder(day: string, owner: string) {
      await sql.run(
        "DELETE FROM staff_reminders WHERE day = ? AND claimed_by = ? AND sent_at IS NULL",
        [day, owner],
      );
    },

    async reminderSent(day: string): Promise<boolean> {
      const rows = await sql.all(
        "SELECT 1 AS sent FROM staff_reminders WHERE day = ? AND sent_at IS NOT NULL",
        [day],
      );
      return rows.length > 0;
    },

    /**
     * Deletes appeals received before `cutoff`, with their audit lines, and records that a purge
     * happened (how many, the cutoff, who ran it) without any of their data.
     */
    async purgeAppealsReceivedBefore(cutoff: Date, by: string, now: Date): Promise<number> {
      return sql.transaction(async (tx) => {
        const cutoffText = cutoff.toISOString();
        await tx.run(
          `DELETE FROM staff_audit WHERE appeal_id IN
           (SELECT CAST(id AS TEXT) FROM appeals WHERE created_at < ?)`,
          [cutoffText],
        );
        const deleted = await tx.run("DELETE FROM appeals WHERE created_at < ?", [cutoffText]);
        await insertAudit(tx, {
          at: now,
          staff_login: by,
          appeal_id: null,
          action: "purge",
          from_state: null,
          to_state: null,
          details: `удалено обращений: ${deleted}, поступивших до ${cutoffText}`,
        });
        return deleted;
      });
    },

    close: () => sql.close(),
  };
}

function toAuditEntry(row: SqlRow): AuditEntry {
  return {
    seq: Number(row.seq),
    at: isoMoment(row.at),
    staff_login: String(row.staff_login),
    action: String(row.action),
    from_state: nullableText(row.from_state),
    to_state: nullableText(row.to_state),
    details: nullableText(row.details),
  };
}

function toUser(row: SqlRow): StaffUser {
  return {
    id: Number(row.id),
    login: String(row.login),
    password_hash: String(row.password_hash),
    created_at: isoMoment(row.created_at),
    disabled_at: nullableMoment(row.disabled_at),
  };
}

function toRow(row: SqlRow): RegistryRow {
  return {
    id: String(row.id),
    seq: Number(row.seq),
    number: String(row.number),
    created_at: isoMoment(row.created_at),
    state: String(row.state) as AppealState,
    registered_on: nullableText(row.registered_on),
    extension_days: Number(row.extension_days),
    without_answer_ground: nullableText(row.without_answer_ground),
    notice_sent_on: nullableText(row.notice_sent_on),
    last_name: String(row.last_name),
    first_name: String(row.first_name),
    email: String(row.email),
    comment_start: String(row.comment_start ?? row.comment ?? "").slice(0, 120),
  };
}

function toAppeal(row: SqlRow): RegistryAppeal {
  return {
    ...toRow(row),
    phone: String(row.phone),
    phone_normalized: String(row.phone_normalized),
    region: String(row.region),
    comment: String(row.comment),
    consent_at: isoMoment(row.consent_at),
    consent_text_version: String(row.consent_text_version),
    client_ip: String(row.client_ip),
    user_agent: nullableText(row.user_agent),
    extension_reason: nullableText(row.extension_reason),
    forwarded_to: nullableText(row.forwarded_to),
    forwarded_on: nullableText(row.forwarded_on),
    answered_on: nullableText(row.answered_on),
    version: Number(row.version),
  };
}
