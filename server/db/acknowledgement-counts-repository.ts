/**
 * The cap on acknowledgements, counted: one row per e-mail key (domain/appeals/email-key.ts) and
 * Kirov day, taken in the appeal's own transaction by one upsert that adds one only while there is
 * room. Its cost does not depend on how many appeals the address sent before (decision 0025). On
 * PostgreSQL the upsert locks the address's row until the appeal commits, so appeals with one
 * address stored at once on several servers cannot all see room for one more; on SQLite the write
 * lock serialises them. A day's count only grows, so on PostgreSQL a plain read that finds it
 * full is final: past the limit nothing is locked, and a flood to one address does not make its
 * appeals wait for each other's commits (on SQLite the upsert alone is one statement less).
 * For the same reason a key found full stays full until the day ends, on every server: once an
 * appeal's transaction that found it full has committed, this process remembers the (key, day)
 * and the next appeals to it past the limit touch no row at all (decision 0026).
 */
import type { SqlExecutor } from "./database.ts";

const takeSql = `
  INSERT INTO acknowledgement_counts (email_key, day, sent) VALUES (?, ?, 1)
  ON CONFLICT (email_key, day) DO UPDATE SET sent = acknowledgement_counts.sent + 1
    WHERE acknowledgement_counts.sent < ?
  RETURNING sent`;

/**
 * `take` as a part of a larger PostgreSQL statement (a data-modifying WITH query): returns a row
 * when it counted one, none when the day was full. The plain read comes first as in `take`: a
 * count found full is final, and then no row is locked.
 */
export const takeInStatement = {
  sql: `
  INSERT INTO acknowledgement_counts (email_key, day, sent)
    SELECT ?, ?, 1 WHERE NOT EXISTS (
      SELECT 1 FROM acknowledgement_counts WHERE email_key = ? AND day = ? AND sent >= ?)
  ON CONFLICT (email_key, day) DO UPDATE SET sent = acknowledgement_counts.sent + 1
    WHERE acknowledgement_counts.sent < ?
  RETURNING sent`,
  params: (key: string, day: string, limit: number) => [key, day, key, day, limit, limit],
};

/** Adds `count` to an address's day, past the limit too (what was sent was sent). */
export async function addAcknowledgements(
  tx: SqlExecutor,
  key: string,
  day: string,
  count: number,
): Promise<void> {
  await tx.run(
    `INSERT INTO acknowledgement_counts (email_key, day, sent) VALUES (?, ?, ?)
     ON CONFLICT (email_key, day) DO UPDATE SET sent = acknowledgement_counts.sent + excluded.sent`,
    [key, day, count],
  );
}

/** How many full keys of the day one process remembers: a flood from more forgets the oldest. */
export const rememberedFullKeys = 10_000;

export function createAcknowledgementCountsRepository() {
  // The days before today are of no more use: the first count of each day in this process
  // deletes them (a few rows a day; nothing personal is kept longer than it serves).
  let sweptBefore = "";
  // The keys found full on `fullDay`, oldest first.
  let fullDay = "";
  const fullKeys = new Set<string>();
  const sweepBefore = async (day: string, tx: SqlExecutor): Promise<void> => {
    if (sweptBefore === day) return;
    await tx.run("DELETE FROM acknowledgement_counts WHERE day < ?", [day]);
    sweptBefore = day;
  };
  return {
    /**
     * Whether this process saw `key`'s count for `day` full in a transaction that committed. A
     * day's count only grows, so the answer stays true; false says nothing (ask `take`).
     */
    knownFull(key: string, day: string): boolean {
      return day === fullDay && fullKeys.has(key);
    },

    /**
     * Remembers that `take` found `key` full on `day`: call it only once the transaction that
     * found it has committed (a rolled-back count may have been the one that filled it).
     */
    rememberFull(key: string, day: string): void {
      if (day !== fullDay) {
        if (day < fullDay) return;
        fullDay = day;
        fullKeys.clear();
      }
      if (fullKeys.size >= rememberedFullKeys) {
        const oldest = fullKeys.values().next();
        if (!oldest.done) fullKeys.delete(oldest.value);
      }
      fullKeys.add(key);
    },

    /** Deletes the days before `day`, once a day in this process (`take` calls it). */
    sweepBefore,

    /**
     * Counts one acknowledgement to `key` on `day` ('YYYY-MM-DD', Kirov) if fewer than `limit`
     * were counted; false when the day's limit is reached. Call it in the appeal's transaction.
     */
    async take(key: string, day: string, limit: number, tx: SqlExecutor): Promise<boolean> {
      await sweepBefore(day, tx);
      if (tx.kind === "postgres") {
        const [counted] = await tx.all(
          "SELECT sent FROM acknowledgement_counts WHERE email_key = ? AND day = ?",
          [key, day],
        );
        if (counted && Number(counted.sent) >= limit) return false;
      }
      const rows = await tx.all(takeSql, [key, day, limit]);
      return rows.length === 1;
    },
  };
}
