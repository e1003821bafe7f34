/**
 * The organisation's mailbox as the registry keeps it (issue 46, migration 27: mailbox-schema.ts):
 * each message read once (its SHA-256 unique), what came back for a delivery (a bounce), the
 * messages waiting for a registrar («Письма без обращения») and the counts /metrics and the
 * staff list show. Every write takes the caller's transaction: a message's record and its
 * effects (a bounce marked, a follow-up registered) are committed together or not at all.
 */
import type { WaitingMessageSummary } from "../../domain/staff/mailbox-port.ts";
import { toStoredAppeal } from "./appeal-rows.ts";
import type { StoredAppeal } from "./appeals-repository.ts";
import { type Database, nullableMoment, type SqlExecutor } from "./database.ts";
import type { DeliveryKind } from "./delivery-types.ts";
import {
  bracketed,
  bytesOf,
  type DeliveryBounce,
  deliveryKey,
  type FoundDelivery,
  foundColumns,
  handleWaiting,
  type InboundRecord,
  toFound,
  toWaiting,
  type WaitingMessage,
  waitingColumns,
} from "./inbound-rows.ts";

export type {
  DeliveryBounce,
  FoundDelivery,
  InboundRecord,
  WaitingMessage,
} from "./inbound-rows.ts";

export function createInboundRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;
  const count = async (sql: string, params: (string | number)[] = []) => {
    const [row] = await db.all(sql, params);
    return Number(row?.n ?? 0);
  };
  return {
    /**
     * Records a message read; false when its SHA-256 is recorded already (read before, or by
     * another server in a transaction that committed first: this one then waits for it).
     */
    async record(message: InboundRecord, tx: SqlExecutor): Promise<boolean> {
      const inserted = await tx.run(
        `INSERT INTO inbound_messages (sha256, read_at, kind, state, delivery_id, appeal_number,
           follow_up_number, reason, from_address, subject, sent_at, byte_size, raw)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (sha256) DO NOTHING`,
        [
          message.sha256,
          message.readAt.toISOString(),
          message.kind,
          message.state,
          message.deliveryId ? deliveryKey(message.deliveryId) : null,
          message.appealNumber ?? null,
          message.followUpNumber ?? null,
          message.reason ?? null,
          message.from ?? null,
          message.subject ?? null,
          message.sentAt ?? null,
          message.byteSize,
          message.raw ?? null,
        ],
      );
      return inserted === 1;
    },

    /** The appeal registered from a recorded message (a follow-up, once its number is known). */
    async noteFollowUp(sha256: string, number: string, tx: SqlExecutor): Promise<void> {
      await tx.run("UPDATE inbound_messages SET follow_up_number = ? WHERE sha256 = ?", [
        number,
        sha256,
      ]);
    },

    /** A delivery by its id (a VERP address's); undefined when there is none. */
    async delivery(id: string, tx?: SqlExecutor): Promise<FoundDelivery | undefined> {
      const key = deliveryKey(id);
      if (key === null) return undefined;
      const [row] = await on(tx).all(`SELECT ${foundColumns} FROM deliveries d WHERE d.id = ?`, [
        key,
      ]);
      return row ? toFound(row) : undefined;
    },

    /**
     * The latest delivery that left with one of these Message-IDs (with or without brackets),
     * recorded with it or with its copy as sent; `kinds`: only of these kinds.
     */
    async deliveryByMessageId(
      messageIds: readonly string[],
      kinds: readonly DeliveryKind[] | undefined,
      tx?: SqlExecutor,
    ): Promise<FoundDelivery | undefined> {
      const ids = [...new Set(messageIds.map(bracketed))];
      if (ids.length === 0) return undefined;
      const list = ids.map(() => "?").join(", ");
      const ofKinds = kinds ? `AND d.kind IN (${kinds.map(() => "?").join(", ")})` : "";
      const [row] = await on(tx).all(
        `SELECT ${foundColumns} FROM deliveries d
         WHERE (d.message_id IN (${list})
           OR d.id IN (SELECT delivery_id FROM sent_copies WHERE message_id IN (${list})))
           ${ofKinds}
         ORDER BY d.id DESC LIMIT 1`,
        [...ids, ...ids, ...(kinds ?? [])],
      );
      return row ? toFound(row) : undefined;
    },

    /** The appeal a delivery is about, if any (still kept). */
    async appealOf(deliveryId: string, tx?: SqlExecutor): Promise<StoredAppeal | undefined> {
      const [row] = await on(tx).all(
        "SELECT a.* FROM deliveries d JOIN appeals a ON a.id = d.appeal_id WHERE d.id = ?",
        [deliveryKey(deliveryId)],
      );
      return row ? toStoredAppeal(row) : undefined;
    },

    /**
     * Marks what came back for a delivery: a permanent failure overrides anything before it; a
     * temporary one never overrides a permanent one. True when the delivery changed.
     */
    async markBounced(id: string, bounce: DeliveryBounce, tx: SqlExecutor): Promise<boolean> {
      const kind = bounce.permanent ? "permanent" : "transient";
      const changed = await tx.run(
        `UPDATE deliveries SET bounce = ?, bounce_status = ?, bounce_reason = ?, bounced_at = ?
         WHERE id = ? AND (? = 'permanent' OR bounce IS NULL OR bounce <> 'permanent')`,
        [kind, bounce.status, bounce.reason, bounce.at.toISOString(), deliveryKey(id), kind],
      );
      return changed === 1;
    },

    /** The messages waiting for a registrar, the oldest first. */
    async waiting(limit = 500, tx?: SqlExecutor): Promise<WaitingMessageSummary[]> {
      const rows = await on(tx).all(
        `SELECT ${waitingColumns} FROM inbound_messages WHERE state = 'waiting'
         ORDER BY read_at, id LIMIT ?`,
        [limit],
      );
      return rows.map(toWaiting);
    },

    /** One waiting message with the message itself; undefined once it is handled. */
    async waitingMessage(id: number, tx?: SqlExecutor): Promise<WaitingMessage | undefined> {
      const [row] = await on(tx).all(
        `SELECT ${waitingColumns}, sent_at, raw FROM inbound_messages
         WHERE id = ? AND state = 'waiting'`,
        [id],
      );
      if (!row) return undefined;
      return { ...toWaiting(row), sentAt: nullableMoment(row.sent_at), raw: bytesOf(row.raw) };
    },

    /** A waiting message set aside by `login`; its copy is dropped. False when not waiting. */
    setAside(id: number, by: { login: string; at: Date }, tx: SqlExecutor): Promise<boolean> {
      return handleWaiting(tx, id, "set-aside", by, {});
    },

    /**
     * A waiting message registered by `login` as appeal `number` (continuing `followUpOf`, when
     * it does); its copy is dropped. False when not waiting.
     */
    markRegistered(
      id: number,
      by: { login: string; at: Date; number: string; followUpOf?: string | null },
      tx: SqlExecutor,
    ): Promise<boolean> {
      return handleWaiting(tx, id, "registered", by, {
        follow_up_number: by.number,
        appeal_number: by.followUpOf ?? null,
      });
    },

    /** How many messages wait for a registrar. */
    waitingCount: () => count("SELECT COUNT(*) AS n FROM inbound_messages WHERE state = 'waiting'"),

    /** How many auto-replies were read (and ignored), in all. */
    autoReplyCount: () =>
      count("SELECT COUNT(*) AS n FROM inbound_messages WHERE kind = 'auto-reply'"),

    /**
     * Appeals whose answer did not reach the citizen: a permanent bounce of an answer's mail
     * with no answer's mail sent after it that did not bounce for good, and no answer by post.
     * `assignee`: only the appeals assigned to this executor; none: all (a head's count).
     */
    undeliveredAnswers(scope: { assignee?: string } = {}): Promise<number> {
      const mine = scope.assignee === undefined ? "" : "AND a.assignee = ?";
      return count(
        `SELECT COUNT(DISTINCT d.appeal_id) AS n FROM deliveries d
         JOIN appeals a ON a.id = d.appeal_id
         WHERE d.kind = 'appeal-answer' AND d.bounce = 'permanent' ${mine}
           AND NOT EXISTS (SELECT 1 FROM deliveries later
             WHERE later.appeal_id = d.appeal_id AND later.kind = 'appeal-answer'
               AND later.id > d.id AND later.state = 'sent'
               AND (later.bounce IS NULL OR later.bounce <> 'permanent'))
           AND NOT EXISTS (SELECT 1 FROM appeal_answers p
             WHERE p.appeal_id = d.appeal_id AND p.by_post_on IS NOT NULL)`,
        scope.assignee === undefined ? [] : [scope.assignee],
      );
    },
  };
}
