/**
 * The daily reminder's record: one row per Kirov day, written by the one server that claims the
 * day, in the same transaction as the reminder's delivery. Several servers checking at the same
 * moment insert the same primary key: one row goes in, the others find it taken.
 */
import type { Database, SqlExecutor } from "./database.ts";

export function createRemindersRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;
  return {
    /** Claims `day` for `owner`; false when another server has claimed it already. */
    async claimDay(
      day: string,
      owner: string,
      now: Date,
      appealCount: number,
      tx: SqlExecutor,
    ): Promise<boolean> {
      const changed = await tx.run(
        `INSERT INTO staff_reminders (day, claimed_by, claimed_at, sent_at, appeal_count)
         VALUES (?, ?, ?, ?, ?) ON CONFLICT (day) DO NOTHING`,
        [day, owner, now.toISOString(), now.toISOString(), appealCount],
      );
      return changed === 1;
    },

    /** Whether the day's reminder has been handed to the outbox. */
    async isDone(day: string, tx?: SqlExecutor): Promise<boolean> {
      const rows = await on(tx).all("SELECT 1 AS done FROM staff_reminders WHERE day = ?", [day]);
      return rows.length > 0;
    },
  };
}

export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
