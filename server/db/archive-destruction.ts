/**
 * The destruction of the cases an approved act lists and did not take off (issue 45), run in the
 * approval's transaction: the cases are counted once more in the statistics first, so the delete
 * triggers' subtraction leaves the published figures of past periods as they were
 * (statistics-rollups.ts); then their audit lines (staff_audit.appeal_id is text, no foreign
 * key); then the appeals, whose files, mails, sent copies, notes, answers and notice drafts go
 * with them by their foreign keys (ON DELETE CASCADE, on both stores). The acts' lines keep their
 * values and lose their link to the appeal.
 */
import { lineNamesAppeal, listedIdsSql } from "./archive-due-sql.ts";
import type { SqlExecutor } from "./database.ts";
import { countAgainSql } from "./statistics-rollups.ts";

/** Destroys act `actId`'s listed cases; how many appeals went. */
export async function destroyListed(tx: SqlExecutor, actId: number): Promise<number> {
  const listed = listedIdsSql(tx.kind);
  for (const sql of countAgainSql(tx.kind, `appeals.id IN (${listed})`)) {
    await tx.run(sql, [actId]);
  }
  await tx.run(
    `DELETE FROM staff_audit WHERE appeal_id IN (SELECT appeal_id FROM archive_act_cases
       WHERE act_id = ? AND removed_at IS NULL AND appeal_id IS NOT NULL)`,
    [actId],
  );
  const destroyed = await tx.run(`DELETE FROM appeals WHERE id IN (${listed})`, [actId]);
  // Every line naming a destroyed appeal (this act's, and an earlier act's that took it off or
  // was annulled) loses the link; the values stay.
  await tx.run(
    `UPDATE archive_act_cases SET appeal_id = NULL WHERE appeal_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM appeals a
         WHERE ${lineNamesAppeal(tx.kind, "archive_act_cases", "a")})`,
  );
  return destroyed;
}
