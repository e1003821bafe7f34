/**
 * Staff accounts and their sessions. Session tokens arrive already hashed
 * (server/staff/auth/staff-auth.ts); the lockout's counters are server/db/sign-in-guard-repository.ts.
 */
import type { StaffRole } from "../../domain/staff/staff-roles.ts";
import {
  type Database,
  isoMoment,
  nullableMoment,
  nullableText,
  type SqlExecutor,
  type SqlRow,
} from "./database.ts";

export type StaffUser = {
  id: number;
  login: string;
  role: StaffRole;
  /** Where the mails for this staff member go (an assignment); none: no such mail. */
  email: string | null;
  password_hash: string;
  created_at: string;
  disabled_at: string | null;
};

export type SessionRecord = {
  user_id: number;
  login: string;
  role: StaffRole;
  created_at: string;
  last_seen_at: string;
  ended_at: string | null;
  disabled_at: string | null;
};

export function createStaffAccountsRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;
  return {
    /** A new account; without a role it is a head's, as every account was before roles. */
    async addUser(
      login: string,
      passwordHash: string,
      now: Date,
      account: { role?: StaffRole; email?: string | null } = {},
    ): Promise<"added" | "exists"> {
      const changed = await db.run(
        `INSERT INTO staff_users (login, password_hash, created_at, role, email)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (login) DO NOTHING`,
        [login, passwordHash, now.toISOString(), account.role ?? "head", account.email ?? null],
      );
      return changed === 1 ? "added" : "exists";
    },

    /** Changes an account's role (and e-mail, when given); false when there is no such login. */
    async setRole(login: string, role: StaffRole, email?: string | null): Promise<boolean> {
      const changed =
        email === undefined
          ? await db.run("UPDATE staff_users SET role = ? WHERE login = ?", [role, login])
          : await db.run("UPDATE staff_users SET role = ?, email = ? WHERE login = ?", [
              role,
              email,
              login,
            ]);
      return changed === 1;
    },

    /** The enabled accounts of a role, by login (the executors an appeal may be assigned to). */
    async activeWithRole(role: StaffRole, tx?: SqlExecutor): Promise<StaffUser[]> {
      const rows = await on(tx).all(
        "SELECT * FROM staff_users WHERE role = ? AND disabled_at IS NULL ORDER BY login",
        [role],
      );
      return rows.map(toUser);
    },

    /** Disables the account and ends its sessions; false when there is no such login. */
    async disableUser(login: string, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
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

    async listUsers(tx?: SqlExecutor): Promise<StaffUser[]> {
      const rows = await on(tx).all("SELECT * FROM staff_users ORDER BY login");
      return rows.map(toUser);
    },

    async findUser(login: string, tx?: SqlExecutor): Promise<StaffUser | undefined> {
      const [row] = await on(tx).all("SELECT * FROM staff_users WHERE login = ?", [login]);
      return row ? toUser(row) : undefined;
    },

    async createSession(
      tokenHash: string,
      userId: number,
      now: Date,
      tx?: SqlExecutor,
    ): Promise<void> {
      await on(tx).run(
        `INSERT INTO staff_sessions (token_hash, user_id, created_at, last_seen_at)
         VALUES (?, ?, ?, ?)`,
        [tokenHash, userId, now.toISOString(), now.toISOString()],
      );
    },

    async findSession(tokenHash: string, tx?: SqlExecutor): Promise<SessionRecord | undefined> {
      const [row] = await on(tx).all(
        `SELECT s.user_id, u.login, u.role, s.created_at, s.last_seen_at, s.ended_at, u.disabled_at
         FROM staff_sessions s JOIN staff_users u ON u.id = s.user_id WHERE s.token_hash = ?`,
        [tokenHash],
      );
      if (!row) return undefined;
      return {
        user_id: Number(row.user_id),
        login: String(row.login),
        role: String(row.role) as StaffRole,
        created_at: isoMoment(row.created_at),
        last_seen_at: isoMoment(row.last_seen_at),
        ended_at: nullableMoment(row.ended_at),
        disabled_at: nullableMoment(row.disabled_at),
      };
    },

    async touchSession(tokenHash: string, now: Date, tx?: SqlExecutor): Promise<void> {
      await on(tx).run("UPDATE staff_sessions SET last_seen_at = ? WHERE token_hash = ?", [
        now.toISOString(),
        tokenHash,
      ]);
    },

    async endSession(tokenHash: string, now: Date, tx?: SqlExecutor): Promise<void> {
      await on(tx).run(
        "UPDATE staff_sessions SET ended_at = ? WHERE token_hash = ? AND ended_at IS NULL",
        [now.toISOString(), tokenHash],
      );
    },

    /**
     * Drops sessions that can open nothing any more: ended, idle since `idleBefore`, or started
     * before `startedBefore`. How many.
     */
    async purgeSessionsOver(idleBefore: Date, startedBefore: Date): Promise<number> {
      return db.run(
        `DELETE FROM staff_sessions
         WHERE ended_at IS NOT NULL OR last_seen_at < ? OR created_at < ?`,
        [idleBefore.toISOString(), startedBefore.toISOString()],
      );
    },
  };
}

function toUser(row: SqlRow): StaffUser {
  return {
    id: Number(row.id),
    login: String(row.login),
    role: String(row.role) as StaffRole,
    email: nullableText(row.email),
    password_hash: String(row.password_hash),
    created_at: isoMoment(row.created_at),
    disabled_at: nullableMoment(row.disabled_at),
  };
}
