/**
 * Deliveries: every mail the server sends, as rows written in the same transaction as the change
 * that calls for them (an outbox), sent later by the one sender (server/mail/delivery-sender.ts)
 * with retries. A delivery has a kind, its recipients, what to build the mail from (a small JSON
 * payload and, for mails about an appeal, the appeal), attachments by reference, and its own
 * tries, lease and state: `pending` waits for the sender, `sent` is done, `failed` ran out of
 * tries and waits for a person (`retry`). Design: decisions 0007 and 0013.
 *
 * Claims: one statement takes the due rows and leases them. On PostgreSQL it locks the rows it
 * picks with FOR UPDATE SKIP LOCKED, so several servers' claims neither wait for each other nor
 * pick the same row; on SQLite the statement runs under the database's write lock. A lease
 * (lease_owner, lease_until) frees a row whose sender died.
 */
import type { Database, SqlExecutor, SqlRow, SqlValue } from "./database.ts";
import { isoMoment, nullableMoment, nullableText } from "./database.ts";
import { claimSql } from "./delivery-claim-sql.ts";
import {
  type AppealDelivery,
  type AttachmentReference,
  type ClaimedDelivery,
  type DeliveryBacklog,
  type DeliveryKind,
  type DeliveryState,
  type DeliveryStatus,
  deliveryKinds,
  type NewDelivery,
  type Recipient,
} from "./delivery-types.ts";
import { bounceOfRow } from "./inbound-rows.ts";
import { recordSentCopy, type SentCopy } from "./sent-copies-repository.ts";

// The outbox's types are written in delivery-types.ts; this file stays the outbox's one entry.
export type {
  AppealDelivery,
  ClaimedDelivery,
  DeliveryBacklog,
  DeliveryKind,
  DeliveryStatus,
  NewDelivery,
  Recipient,
} from "./delivery-types.ts";
export { deliveryKinds } from "./delivery-types.ts";

const markSentSql = `UPDATE deliveries SET state = 'sent', sent_at = ?, message_id = ?,
  lease_owner = NULL, lease_until = NULL, last_error = NULL
  WHERE id = ? AND lease_owner = ? AND state = 'pending'`;

/** A new delivery's column values as stored (JSON as text, the moment as ISO 8601). */
export function deliveryRow(delivery: NewDelivery) {
  return {
    kind: delivery.kind,
    appealId: delivery.appealId ?? null,
    recipients: JSON.stringify(delivery.recipients),
    payload: JSON.stringify(delivery.payload ?? {}),
    attachments: JSON.stringify(delivery.attachments ?? []),
    at: delivery.at.toISOString(),
  };
}

export function createDeliveriesRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;
  return {
    /**
     * Writes a delivery, due at once. Pass the transaction of the change that calls for the mail:
     * the two are committed together or not at all.
     */
    async enqueue(delivery: NewDelivery, tx?: SqlExecutor): Promise<void> {
      const row = deliveryRow(delivery);
      await on(tx).run(
        `INSERT INTO deliveries (kind, appeal_id, recipients, payload, attachments, state,
           created_at, next_attempt_at)
         VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)`,
        [row.kind, row.appealId, row.recipients, row.payload, row.attachments, row.at, row.at],
      );
    },

    /**
     * Takes up to `limit` pending deliveries that are due and not held by another sender, and
     * holds them for `owner` until `leaseUntil`. Each claim counts as a try.
     */
    async claimDue(claim: {
      now: Date;
      owner: string;
      leaseUntil: Date;
      limit: number;
    }): Promise<ClaimedDelivery[]> {
      const now = claim.now.toISOString();
      const leaseUntil = claim.leaseUntil.toISOString();
      const rows =
        db.kind === "sqlite"
          ? await db.all(claimSql.sqlite, [claim.owner, leaseUntil, now, now, now, claim.limit])
          : await db.all(claimSql.postgres, [now, now, claim.limit, claim.owner, leaseUntil, now]);
      return rows.map(toClaimed).sort((a, b) => Number(a.id) - Number(b.id));
    },

    /**
     * Records a sent delivery and the Message-ID it left with (with `copy`, the mail as sent, its
     * Message-ID unless another is given); false if `owner` lost it.
     */
    async markSent(
      id: string,
      owner: string,
      at: Date,
      copy?: SentCopy,
      messageId?: string,
    ): Promise<boolean> {
      const params = [at.toISOString(), messageId ?? copy?.messageId ?? null, Number(id), owner];
      if (copy) {
        return db.transaction(async (tx) => {
          const marked = (await tx.run(markSentSql, params)) === 1;
          if (marked) await recordSentCopy(tx, id, copy, at);
          return marked;
        });
      }
      return (await runGroupCommitted(db, markSentSql, params)) === 1;
    },

    /**
     * Records a try that failed: back to pending until `retryAt`, or `failed` when `retryAt` is
     * null. `error` must hold no personal data (an error code, an SMTP status).
     */
    async markAttemptFailed(
      id: string,
      owner: string,
      outcome: { at: Date; error: string; retryAt: Date | null },
    ): Promise<boolean> {
      const changed = await db.run(
        `UPDATE deliveries
         SET state = ?, next_attempt_at = COALESCE(?, next_attempt_at), last_error = ?,
           lease_owner = NULL, lease_until = NULL
         WHERE id = ? AND lease_owner = ? AND state = 'pending'`,
        [
          outcome.retryAt ? "pending" : "failed",
          outcome.retryAt?.toISOString() ?? null,
          outcome.error,
          Number(id),
          owner,
        ],
      );
      return changed === 1;
    },

    /**
     * Extends `owner`'s lease on the given deliveries to `until`, for those it still holds (a
     * lease that ran out before `now` is not revived: another sender may have the row by then).
     * The sender renews while it sends, so a short lease frees a dead sender's rows soon without
     * ending under a live one. Returns how many were renewed.
     */
    async renewLeases(
      ids: readonly string[],
      owner: string,
      lease: { now: Date; until: Date },
    ): Promise<number> {
      if (ids.length === 0) return 0;
      return db.run(
        `UPDATE deliveries SET lease_until = ?
         WHERE id IN (${ids.map(() => "?").join(", ")}) AND lease_owner = ? AND state = 'pending'
           AND lease_until >= ?`,
        [lease.until.toISOString(), ...ids.map(Number), owner, lease.now.toISOString()],
      );
    },

    /**
     * Gives back deliveries `owner` claimed but did not try (its server is stopping): free for any
     * sender at once, and the claim's try not counted.
     */
    async releaseUntried(ids: readonly string[], owner: string): Promise<number> {
      if (ids.length === 0) return 0;
      return db.run(
        `UPDATE deliveries
         SET lease_owner = NULL, lease_until = NULL, attempts = attempts - 1
         WHERE id IN (${ids.map(() => "?").join(", ")}) AND lease_owner = ? AND state = 'pending'`,
        [...ids.map(Number), owner],
      );
    },

    /** Every delivery about an appeal of the given kinds, oldest first, for the staff area. */
    async ofAppeal(
      appealId: string,
      kinds: readonly DeliveryKind[],
      tx?: SqlExecutor,
    ): Promise<AppealDelivery[]> {
      const rows = await on(tx).all(
        `SELECT id, kind, payload, state, attempts, created_at, sent_at, bounce, bounce_status,
           bounce_reason, bounced_at FROM deliveries
         WHERE appeal_id = ? AND kind IN (${kinds.map(() => "?").join(", ")}) ORDER BY id`,
        [appealId, ...kinds],
      );
      return rows.map((row) => ({
        id: String(row.id),
        kind: String(row.kind) as DeliveryKind,
        payload: JSON.parse(String(row.payload)) as Record<string, string | number>,
        state: String(row.state) as DeliveryState,
        attempts: Number(row.attempts),
        createdAt: isoMoment(row.created_at),
        sentAt: nullableMoment(row.sent_at),
        ...withBounce(row),
      }));
    },

    /** The latest delivery of `kind` about an appeal, for the staff area; undefined if none. */
    async statusOf(
      appealId: string,
      kind: DeliveryKind,
      tx?: SqlExecutor,
    ): Promise<DeliveryStatus | undefined> {
      const [row] = await on(tx).all(
        "SELECT * FROM deliveries WHERE appeal_id = ? AND kind = ? ORDER BY id DESC LIMIT 1",
        [appealId, kind],
      );
      if (!row) return undefined;
      const state = String(row.state) as DeliveryState;
      return {
        state,
        recipients: JSON.parse(String(row.recipients)) as Recipient[],
        attempts: Number(row.attempts),
        lastAttemptAt: nullableMoment(row.last_attempt_at),
        lastError: nullableText(row.last_error),
        nextAttemptAt: state === "pending" ? isoMoment(row.next_attempt_at) : null,
        sentAt: nullableMoment(row.sent_at),
        ...withBounce(row),
      };
    },

    /**
     * Puts an appeal's failed delivery of `kind` back to pending, due now, with its tries counted
     * afresh. True when it was failed; false when there is none or it is pending or sent.
     */
    async retry(
      appealId: string,
      kind: DeliveryKind,
      now = new Date(),
      tx?: SqlExecutor,
    ): Promise<boolean> {
      const changed = await on(tx).run(
        `UPDATE deliveries
         SET state = 'pending', attempts = 0, next_attempt_at = ?, last_error = NULL
         WHERE appeal_id = ? AND kind = ? AND state = 'failed'`,
        [now.toISOString(), appealId, kind],
      );
      return changed > 0;
    },

    /** Pending and failed deliveries per kind, for GET /healthz. */
    async backlog(): Promise<Record<DeliveryKind, DeliveryBacklog>> {
      const rows = await db.all(
        `SELECT kind, state, COUNT(*) AS count, MIN(created_at) AS oldest FROM deliveries
         WHERE state IN ('pending', 'failed') GROUP BY kind, state`,
      );
      const backlog = Object.fromEntries(
        deliveryKinds.map((kind) => [kind, { pending: 0, failed: 0, oldestPendingAt: null }]),
      ) as Record<DeliveryKind, DeliveryBacklog>;
      for (const row of rows) {
        const entry = backlog[String(row.kind) as DeliveryKind];
        if (!entry) continue;
        if (row.state === "pending") {
          entry.pending = Number(row.count);
          entry.oldestPendingAt = nullableMoment(row.oldest);
        } else entry.failed = Number(row.count);
      }
      return backlog;
    },
  };
}

export type DeliveriesRepository = ReturnType<typeof createDeliveriesRepository>;

/**
 * One statement, on SQLite committed with the other transactions of the same turn of the event
 * loop (one fsync for all, decision 0011), answered once that commit is on disk. The sender's
 * parallel sends record their outcomes this way: one fsync per recorded mail made SQLite's drain
 * half as fast (decision 0024). PostgreSQL runs it as it is.
 */
function runGroupCommitted(db: Database, sql: string, params: readonly SqlValue[]) {
  return db.kind === "sqlite" ? db.transaction((tx) => tx.run(sql, params)) : db.run(sql, params);
}

/** What came back for a delivery (issue 46), when anything did. */
function withBounce(row: SqlRow) {
  const bounce = bounceOfRow(row);
  return bounce ? { bounce } : {};
}

function toClaimed(row: SqlRow): ClaimedDelivery {
  return {
    id: String(row.id),
    kind: String(row.kind) as DeliveryKind,
    appealId: nullableText(row.appeal_id),
    recipients: JSON.parse(String(row.recipients)) as Recipient[],
    payload: JSON.parse(String(row.payload)) as Record<string, string | number>,
    attachments: JSON.parse(String(row.attachments)) as AttachmentReference[],
    attempts: Number(row.attempts),
  };
}
