import type { DatabaseSync } from "node:sqlite";
import type { StoredAppeal } from "./appeal-store.ts";
import type { NotificationOutbox, NotificationState } from "./notification-outbox.ts";

/**
 * The outbox on SQLite. One statement claims rows under SQLite's write lock, so two processes
 * sharing the file never take the same row; the lease (lease_owner, lease_until) frees a row whose
 * sender died. Times are ISO 8601 text in UTC, which sorts as time does.
 */
export function createSqliteOutbox<Row>(
  db: DatabaseSync,
  toStoredAppeal: (row: Row) => StoredAppeal,
): {
  outbox: NotificationOutbox;
  /**
   * Writes an appeal's notification. Called inside the appeal's own transaction, so the two are
   * committed together or not at all.
   */
  enqueue(appealId: string, createdAt: Date): void;
} {
  const insert = db.prepare(`
    INSERT INTO notification_outbox (appeal_id, state, created_at, next_attempt_at)
    VALUES (?, 'pending', ?, ?)`);
  const claim = db.prepare(`
    UPDATE notification_outbox
    SET attempts = attempts + 1, lease_owner = :owner, lease_until = :lease_until,
      last_attempt_at = :now
    WHERE id IN (
      SELECT id FROM notification_outbox
      WHERE state = 'pending' AND next_attempt_at <= :now
        AND (lease_until IS NULL OR lease_until < :now)
      ORDER BY next_attempt_at, id
      LIMIT :limit)
    RETURNING id, appeal_id, attempts`);
  const appealById = db.prepare("SELECT * FROM appeals WHERE id = ?");
  const markSent = db.prepare(`
    UPDATE notification_outbox
    SET state = 'sent', sent_at = ?, lease_owner = NULL, lease_until = NULL, last_error = NULL
    WHERE id = ? AND lease_owner = ? AND state = 'pending'`);
  const markFailed = db.prepare(`
    UPDATE notification_outbox
    SET state = :state, next_attempt_at = COALESCE(:retry_at, next_attempt_at), last_error = :error,
      lease_owner = NULL, lease_until = NULL
    WHERE id = :id AND lease_owner = :owner AND state = 'pending'`);
  const statusByAppeal = db.prepare("SELECT * FROM notification_outbox WHERE appeal_id = ?");
  const retry = db.prepare(`
    UPDATE notification_outbox
    SET state = 'pending', attempts = 0, next_attempt_at = ?, last_error = NULL
    WHERE appeal_id = ? AND state = 'failed'`);
  const backlog = db.prepare(`
    SELECT
      (SELECT COUNT(*) FROM notification_outbox WHERE state = 'pending') AS pending,
      (SELECT COUNT(*) FROM notification_outbox WHERE state = 'failed') AS failed,
      (SELECT MIN(created_at) FROM notification_outbox WHERE state = 'pending') AS oldest`);

  const outbox: NotificationOutbox = {
    async claimDue({ now, owner, leaseUntil, limit }) {
      const rows = claim.all({
        owner,
        lease_until: leaseUntil.toISOString(),
        now: now.toISOString(),
        limit,
      }) as { id: number; appeal_id: string; attempts: number }[];
      return rows.map((row) => ({
        id: String(row.id),
        attempts: row.attempts,
        appeal: toStoredAppeal(appealById.get(row.appeal_id) as Row),
      }));
    },
    async markSent(id, owner, at) {
      return markSent.run(at.toISOString(), Number(id), owner).changes === 1;
    },
    async markAttemptFailed(id, owner, { error, retryAt }) {
      const state: NotificationState = retryAt ? "pending" : "failed";
      const result = markFailed.run({
        state,
        retry_at: retryAt?.toISOString() ?? null,
        error,
        id: Number(id),
        owner,
      });
      return result.changes === 1;
    },
    async notificationStatus(appealId) {
      const row = statusByAppeal.get(appealId) as OutboxRow | undefined;
      if (!row) return undefined;
      return {
        state: row.state,
        attempts: row.attempts,
        lastAttemptAt: row.last_attempt_at,
        lastError: row.last_error,
        nextAttemptAt: row.state === "pending" ? row.next_attempt_at : null,
        sentAt: row.sent_at,
      };
    },
    async retryNotification(appealId, now = new Date()) {
      return retry.run(now.toISOString(), appealId).changes === 1;
    },
    async backlog() {
      const row = backlog.get() as { pending: number; failed: number; oldest: string | null };
      return { pending: row.pending, failed: row.failed, oldestPendingAt: row.oldest };
    },
  };
  return {
    outbox,
    enqueue(appealId, createdAt) {
      insert.run(appealId, createdAt.toISOString(), createdAt.toISOString());
    },
  };
}

type OutboxRow = {
  state: NotificationState;
  attempts: number;
  next_attempt_at: string;
  last_attempt_at: string | null;
  last_error: string | null;
  sent_at: string | null;
};
