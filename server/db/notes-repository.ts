/**
 * Internal notes on an appeal: staff's words to each other (who, when, what). Shown only in the
 * staff area: never in a mail to the citizen or on the status page. They go with their appeal.
 */
import type { Database, SqlExecutor } from "./database.ts";
import { isoMoment } from "./database.ts";

export type AppealNote = { id: number; staffLogin: string; text: string; createdAt: string };

export function createNotesRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;
  return {
    async add(
      note: { appealId: string; staffLogin: string; text: string; at: Date },
      tx: SqlExecutor,
    ): Promise<void> {
      await tx.run(
        "INSERT INTO appeal_notes (appeal_id, staff_login, text, created_at) VALUES (?, ?, ?, ?)",
        [note.appealId, note.staffLogin, note.text, note.at.toISOString()],
      );
    },

    /** An appeal's notes, oldest first. */
    async of(appealId: string, tx?: SqlExecutor): Promise<AppealNote[]> {
      const rows = await on(tx).all(
        "SELECT id, staff_login, text, created_at FROM appeal_notes WHERE appeal_id = ? ORDER BY id",
        [appealId],
      );
      return rows.map((row) => ({
        id: Number(row.id),
        staffLogin: String(row.staff_login),
        text: String(row.text),
        createdAt: isoMoment(row.created_at),
      }));
    },
  };
}
