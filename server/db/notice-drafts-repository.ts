/**
 * Notice drafts: an executor's forward, extension or leaving without an answer that waits for a
 * head's approval (domain/staff/notice-drafts.ts). One per appeal: the intent, the form's fields
 * as the form sent them (JSON text), who drafted it and when, its state, and a head's return
 * (who, when, what to change). Approval deletes it in the transaction that applies it.
 */
import type { NoticeDraftIntent, NoticeDraftState } from "../../domain/staff/notice-drafts.ts";
import {
  type Database,
  isoMoment,
  nullableMoment,
  nullableText,
  type SqlExecutor,
  type SqlRow,
} from "./database.ts";

export type NewNoticeDraft = {
  appealId: string;
  intent: NoticeDraftIntent;
  /** The form's fields besides the intent and the version, as text. */
  fields: Record<string, string>;
  draftedBy: string;
  draftedAt: Date;
};

export type StoredNoticeDraft = Omit<NewNoticeDraft, "draftedAt"> & {
  draftedAt: string;
  state: NoticeDraftState;
  reviewedBy: string | null;
  reviewedAt: string | null;
  reviewComment: string | null;
  /** Grows each time the executor drafts it again: a head decides on the one the page showed. */
  revision: number;
};

export function createNoticeDraftsRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;
  return {
    /**
     * Stores a draft awaiting approval, replacing a returned one. False when one already awaits
     * (it is the head's to decide first).
     */
    async submit(draft: NewNoticeDraft, tx: SqlExecutor): Promise<boolean> {
      const changed = await tx.run(
        `INSERT INTO appeal_notice_drafts (appeal_id, intent, fields, drafted_by, drafted_at, state)
         VALUES (?, ?, ?, ?, ?, 'awaiting_approval')
         ON CONFLICT (appeal_id) DO UPDATE SET intent = excluded.intent,
           fields = excluded.fields, drafted_by = excluded.drafted_by,
           drafted_at = excluded.drafted_at, state = 'awaiting_approval',
           review_comment = NULL, reviewed_by = NULL, reviewed_at = NULL,
           revision = appeal_notice_drafts.revision + 1
         WHERE appeal_notice_drafts.state = 'returned'`,
        [
          draft.appealId,
          draft.intent,
          JSON.stringify(draft.fields),
          draft.draftedBy,
          draft.draftedAt.toISOString(),
        ],
      );
      return changed === 1;
    },

    /**
     * A head sends the waiting draft at `revision` back with what to change; false when none
     * waits or it was drafted again since.
     */
    async returnDraft(
      appealId: string,
      revision: number,
      review: { by: string; at: Date; comment: string },
      tx: SqlExecutor,
    ): Promise<boolean> {
      const changed = await tx.run(
        `UPDATE appeal_notice_drafts SET state = 'returned', reviewed_by = ?, reviewed_at = ?,
           review_comment = ?
         WHERE appeal_id = ? AND revision = ? AND state = 'awaiting_approval'`,
        [review.by, review.at.toISOString(), review.comment, appealId, revision],
      );
      return changed === 1;
    },

    /**
     * Removes the waiting draft at `revision` as it is approved; false when none waits (decided
     * meanwhile) or it was drafted again since.
     */
    async removeApproved(appealId: string, revision: number, tx: SqlExecutor): Promise<boolean> {
      const changed = await tx.run(
        `DELETE FROM appeal_notice_drafts
         WHERE appeal_id = ? AND revision = ? AND state = 'awaiting_approval'`,
        [appealId, revision],
      );
      return changed === 1;
    },

    async ofAppeal(appealId: string, tx?: SqlExecutor): Promise<StoredNoticeDraft | undefined> {
      const [row] = await on(tx).all("SELECT * FROM appeal_notice_drafts WHERE appeal_id = ?", [
        appealId,
      ]);
      return row ? toDraft(row) : undefined;
    },
  };
}

function toDraft(row: SqlRow): StoredNoticeDraft {
  const fields = JSON.parse(String(row.fields)) as Record<string, unknown>;
  return {
    appealId: String(row.appeal_id),
    intent: String(row.intent) as NoticeDraftIntent,
    fields: Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [name, String(value)]),
    ),
    draftedBy: String(row.drafted_by),
    draftedAt: isoMoment(row.drafted_at),
    state: String(row.state) as NoticeDraftState,
    reviewedBy: nullableText(row.reviewed_by),
    reviewedAt: nullableMoment(row.reviewed_at),
    reviewComment: nullableText(row.review_comment),
    revision: Number(row.revision),
  };
}
