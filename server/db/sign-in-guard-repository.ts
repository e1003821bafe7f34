/**
 * The sign-in guard's counters (decision 0014): one row per key (a keyed hash of a login or of an
 * address, server/staff/auth/sign-in-keys.ts), counting the attempts that were let through to a
 * password check within the window. A slot is reserved in the store before the check, in one
 * statement per key that counts and decides together, so concurrent requests on one server or on
 * several sharing PostgreSQL never both take the last slot.
 */
import type { Database, SqlExecutor, Transaction } from "./database.ts";

export type SlotLimits = { perLogin: number; perAddress: number; windowMs: number };

export type Reservation =
  | { granted: true }
  /** `firstRefusal`: the first refusal of this key in its window, the one worth auditing. */
  | { granted: false; firstRefusal: boolean };

// Counts and decides in one statement: a key whose window is over starts again at 1; a key
// with a free slot takes it; a full one is left as it is and no row comes back. On PostgreSQL
// the row is locked from the insert's conflict to the commit, so concurrent reservations of one
// key queue; SQLite runs one writer at a time.
const reserveSql = `
  INSERT INTO staff_sign_in_guard AS g (key, slots, expires_at, refusal_audited)
  VALUES (?, 1, ?, 0)
  ON CONFLICT (key) DO UPDATE SET
    slots = CASE WHEN g.expires_at <= ? THEN 1 ELSE g.slots + 1 END,
    refusal_audited = CASE WHEN g.expires_at <= ? THEN 0 ELSE g.refusal_audited END,
    expires_at = excluded.expires_at
  WHERE g.expires_at <= ? OR g.slots < ?
  RETURNING slots`;

export function createSignInGuardRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;

  async function reserveOne(tx: Transaction, key: string, limit: number, now: Date, until: Date) {
    const at = now.toISOString();
    const rows = await tx.all(reserveSql, [key, until.toISOString(), at, at, at, limit]);
    return rows.length === 1;
  }

  /** Marks the key's refusal as audited; true only for the first refusal of its window. */
  async function firstRefusal(tx: SqlExecutor, key: string) {
    const changed = await tx.run(
      "UPDATE staff_sign_in_guard SET refusal_audited = 1 WHERE key = ? AND refusal_audited = 0",
      [key],
    );
    return changed === 1;
  }

  return {
    /**
     * Reserves one slot under the login's key and one under the address's, or neither. The
     * window of a key runs from its latest reservation.
     */
    reserve(
      keys: { login: string; address: string },
      limits: SlotLimits,
      now: Date,
    ): Promise<Reservation> {
      const until = new Date(now.getTime() + limits.windowMs);
      return db.transaction(async (tx) => {
        if (!(await reserveOne(tx, keys.login, limits.perLogin, now, until))) {
          return { granted: false, firstRefusal: await firstRefusal(tx, keys.login) };
        }
        if (!(await reserveOne(tx, keys.address, limits.perAddress, now, until))) {
          // Give the login's slot back in the same transaction (its row is still ours): a
          // rollback would cost PostgreSQL its connection (server/db/postgres-database.ts).
          await tx.run("UPDATE staff_sign_in_guard SET slots = slots - 1 WHERE key = ?", [
            keys.login,
          ]);
          return { granted: false, firstRefusal: await firstRefusal(tx, keys.address) };
        }
        return { granted: true };
      });
    },

    /** The key that is full now, if either is (a quick read before waiting; `reserve` decides). */
    async fullKey(
      keys: { login: string; address: string },
      limits: SlotLimits,
      now: Date,
    ): Promise<string | undefined> {
      const rows = await db.all(
        "SELECT key, slots FROM staff_sign_in_guard WHERE key IN (?, ?) AND expires_at > ?",
        [keys.login, keys.address, now.toISOString()],
      );
      const full = rows.find((row) =>
        row.key === keys.login
          ? Number(row.slots) >= limits.perLogin
          : Number(row.slots) >= limits.perAddress,
      );
      return full ? String(full.key) : undefined;
    },

    /** Notes a refusal under a full key; true only for the first of its window. */
    firstRefusal: (key: string) => firstRefusal(db, key),

    /** Gives back slots whose attempt turned out not to be a failure (a success). */
    async release(keys: string[], tx?: SqlExecutor): Promise<void> {
      for (const key of keys) {
        await on(tx).run(
          "UPDATE staff_sign_in_guard SET slots = slots - 1 WHERE key = ? AND slots > 0",
          [key],
        );
      }
    },

    /** Slots taken under a key in its current window (0 when none or over). */
    async slots(key: string, now: Date): Promise<number> {
      const [row] = await db.all(
        "SELECT slots FROM staff_sign_in_guard WHERE key = ? AND expires_at > ?",
        [key, now.toISOString()],
      );
      return Number(row?.slots ?? 0);
    },

    /** Drops the counters whose window is over; how many. */
    async purgeExpired(now: Date): Promise<number> {
      return db.run("DELETE FROM staff_sign_in_guard WHERE expires_at <= ?", [now.toISOString()]);
    },
  };
}
