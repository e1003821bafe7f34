/**
 * The answers to citizens written in the registry: the text, its outgoing number, who wrote it and
 * when, its state (an executor's draft 'awaiting_approval' or 'returned' with a head's comment;
 * 'sent'), the day the appeal counts as answered, and, when the mail could not be delivered, that
 * the answer went by post (day, address, who recorded it). One answer per appeal; its files are
 * in `attachments` (owner kind 'answer'), its mail a delivery of kind 'appeal-answer'.
 */
import { randomUUIDv7 } from "node:crypto";
import type { Database, SqlExecutor, SqlRow } from "./database.ts";
import { isoMoment, nullableText } from "./database.ts";

type AnswerState = "awaiting_approval" | "returned" | "sent";

export type NewAnswer = {
  appealId: string;
  text: string;
  outgoingNumber: string | null;
  staffLogin: string;
  createdAt: Date;
  /** 'sent' (the default) or an executor's draft, 'awaiting_approval'. */
  state?: Exclude<AnswerState, "returned">;
  /** The Kirov day the appeal is answered on: the day it was sent (a draft: the day written). */
  answeredOn: string;
};

export type StoredAnswer = {
  id: string;
  appealId: string;
  text: string;
  outgoingNumber: string | null;
  staffLogin: string;
  createdAt: string;
  answeredOn: string;
  state: AnswerState;
  /** The head who approved or returned it, and the comment of a return. */
  reviewedBy: string | null;
  reviewComment: string | null;
  byPost: { on: string; address: string; login: string } | null;
  /** Grows each time the draft is written again: a head decides on the revision the page showed. */
  revision: number;
};

export function createAnswersRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;
  return {
    /**
     * Stores an answer; call in the transaction that changes the appeal and writes its mail.
     * Undefined when the appeal has one already (two forms sent at once: the second loses).
     */
    async insert(answer: NewAnswer, tx: SqlExecutor): Promise<string | undefined> {
      const id = randomUUIDv7();
      const inserted = await tx.run(
        `INSERT INTO appeal_answers (id, appeal_id, text, outgoing_number, staff_login,
           created_at, answered_on, state)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (appeal_id) DO NOTHING`,
        [
          id,
          answer.appealId,
          answer.text,
          answer.outgoingNumber,
          answer.staffLogin,
          answer.createdAt.toISOString(),
          answer.answeredOn,
          answer.state ?? "sent",
        ],
      );
      return inserted === 1 ? id : undefined;
    },

    /**
     * A draft written again (after a return, or replaced before approval) or sent: its text and
     * author as now, its state `state`, its next revision. False when it was sent meanwhile.
     */
    async rewrite(
      id: string,
      answer: Omit<NewAnswer, "appealId">,
      tx: SqlExecutor,
    ): Promise<boolean> {
      const changed = await tx.run(
        `UPDATE appeal_answers SET text = ?, outgoing_number = ?, staff_login = ?, created_at = ?,
           answered_on = ?, state = ?, review_comment = NULL, reviewed_by = NULL,
           revision = revision + 1
         WHERE id = ? AND state <> 'sent'`,
        [
          answer.text,
          answer.outgoingNumber,
          answer.staffLogin,
          answer.createdAt.toISOString(),
          answer.answeredOn,
          answer.state ?? "sent",
          id,
        ],
      );
      return changed === 1;
    },

    /**
     * A head's decision on the draft at `revision` awaiting approval; false when it is not
     * awaiting one or was written again since.
     */
    async review(
      id: string,
      revision: number,
      decision:
        | { state: "sent"; reviewedBy: string; answeredOn: string }
        | { state: "returned"; reviewedBy: string; comment: string },
      tx: SqlExecutor,
    ): Promise<boolean> {
      const changed =
        decision.state === "sent"
          ? await tx.run(
              `UPDATE appeal_answers SET state = 'sent', reviewed_by = ?, answered_on = ?
               WHERE id = ? AND revision = ? AND state = 'awaiting_approval'`,
              [decision.reviewedBy, decision.answeredOn, id, revision],
            )
          : await tx.run(
              `UPDATE appeal_answers SET state = 'returned', reviewed_by = ?, review_comment = ?
               WHERE id = ? AND revision = ? AND state = 'awaiting_approval'`,
              [decision.reviewedBy, decision.comment, id, revision],
            );
      return changed === 1;
    },

    async ofAppeal(appealId: string, tx?: SqlExecutor): Promise<StoredAnswer | undefined> {
      const [row] = await on(tx).all("SELECT * FROM appeal_answers WHERE appeal_id = ?", [
        appealId,
      ]);
      return row ? toAnswer(row) : undefined;
    },

    async find(id: string, tx?: SqlExecutor): Promise<StoredAnswer | undefined> {
      const [row] = await on(tx).all("SELECT * FROM appeal_answers WHERE id = ?", [id]);
      return row ? toAnswer(row) : undefined;
    },

    /** Records that the answer went by post; false when that was recorded already. */
    async recordByPost(
      appealId: string,
      post: { on: string; address: string; login: string },
      tx: SqlExecutor,
    ): Promise<boolean> {
      const changed = await tx.run(
        `UPDATE appeal_answers SET by_post_on = ?, by_post_address = ?, by_post_login = ?
         WHERE appeal_id = ? AND by_post_on IS NULL`,
        [post.on, post.address, post.login, appealId],
      );
      return changed === 1;
    },
  };
}

function toAnswer(row: SqlRow): StoredAnswer {
  const byPostOn = nullableText(row.by_post_on);
  return {
    id: String(row.id),
    appealId: String(row.appeal_id),
    text: String(row.text),
    outgoingNumber: nullableText(row.outgoing_number),
    staffLogin: String(row.staff_login),
    createdAt: isoMoment(row.created_at),
    answeredOn: String(row.answered_on),
    state: String(row.state) as AnswerState,
    reviewedBy: nullableText(row.reviewed_by),
    reviewComment: nullableText(row.review_comment),
    byPost: byPostOn
      ? {
          on: byPostOn,
          address: String(row.by_post_address ?? ""),
          login: String(row.by_post_login ?? ""),
        }
      : null,
    revision: Number(row.revision),
  };
}
