/**
 * The answers sent to citizens from the registry: the text, its outgoing number, who sent it and
 * when, the day the appeal counts as answered, and, when the mail could not be delivered, that
 * the answer went by post (day, address, who recorded it). One answer per appeal; its files are
 * in `attachments` (owner kind 'answer'), its mail a delivery of kind 'appeal-answer'.
 */
import { randomUUIDv7 } from "node:crypto";
import type { Database, SqlExecutor, SqlRow } from "./database.ts";
import { isoMoment, nullableText } from "./database.ts";

export type NewAnswer = {
  appealId: string;
  text: string;
  outgoingNumber: string | null;
  staffLogin: string;
  createdAt: Date;
  /** The Kirov day the appeal is answered on: the day it was sent. */
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
  byPost: { on: string; address: string; login: string } | null;
};

export function createAnswersRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;
  return {
    /** Stores an answer; call in the transaction that changes the appeal and writes its mail. */
    async insert(answer: NewAnswer, tx: SqlExecutor): Promise<string> {
      const id = randomUUIDv7();
      await tx.run(
        `INSERT INTO appeal_answers (id, appeal_id, text, outgoing_number, staff_login,
           created_at, answered_on)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          answer.appealId,
          answer.text,
          answer.outgoingNumber,
          answer.staffLogin,
          answer.createdAt.toISOString(),
          answer.answeredOn,
        ],
      );
      return id;
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

export type AnswersRepository = ReturnType<typeof createAnswersRepository>;

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
    byPost: byPostOn
      ? {
          on: byPostOn,
          address: String(row.by_post_address ?? ""),
          login: String(row.by_post_login ?? ""),
        }
      : null,
  };
}
