import type pg from "pg";
import type { StoredAppeal } from "./appeal-store.ts";
import type { NotificationOutbox, NotificationState } from "./notification-outbox.ts";

/**
 * Writes an appeal's notification on the appeal's own client, inside its transaction, so the two
 * are committed together or not at all.
 */
export async function enqueueNotificationPostgres(
  client: pg.PoolClient,
  appealId: string,
  createdAt: Date,
) {
  await client.query(
    `INSERT INTO notification_outbox (appeal_id, state, created_at, next_attempt_at)
     VALUES ($1, 'pending', $2, $2)`,
    [appealId, createdAt],
  );
}

/**
 * The outbox on PostgreSQL. Several servers poll one database: the claim locks the due rows it
 * picks with FOR UPDATE SKIP LOCKED, so concurrent claims neither wait for each other nor pick the
 * same row, and marks them leased in the same statement; the lease frees a row whose sender died.
 */
export function createPostgresOutbox<Row>(
  pool: pg.Pool,
  toStoredAppeal: (row: Row) => StoredAppeal,
): NotificationOutbox {
  return {
    async claimDue({ now, owner, leaseUntil, limit }) {
      const { rows } = await pool.query(
        `WITH due AS (
           SELECT id FROM notification_outbox
           WHERE state = 'pending' AND next_attempt_at <= $1
             AND (lease_until IS NULL OR lease_until < $1)
           ORDER BY next_attempt_at, id
           LIMIT $4
           FOR UPDATE SKIP LOCKED)
         UPDATE notification_outbox AS outbox
         SET attempts = outbox.attempts + 1, lease_owner = $2, lease_until = $3,
           last_attempt_at = $1
         FROM due, appeals
         WHERE outbox.id = due.id AND appeals.id = outbox.appeal_id
         RETURNING outbox.id::text AS outbox_id, outbox.attempts AS outbox_attempts, appeals.*`,
        [now, owner, leaseUntil, limit],
      );
      return rows.map((row) => ({
        id: row.outbox_id as string,
        attempts: row.outbox_attempts as number,
        appeal: toStoredAppeal(row as Row),
      }));
    },
    async markSent(id, owner, at) {
      const result = await pool.query(
        `UPDATE notification_outbox
         SET state = 'sent', sent_at = $1, lease_owner = NULL, lease_until = NULL, last_error = NULL
         WHERE id = $2 AND lease_owner = $3 AND state = 'pending'`,
        [at, id, owner],
      );
      return result.rowCount === 1;
    },
    async markAttemptFailed(id, owner, { error, retryAt }) {
      const state: NotificationState = retryAt ? "pending" : "failed";
      const result = await pool.query(
        `UPDATE notification_outbox
         SET state = $1, next_attempt_at = COALESCE($2, next_attempt_at), last_error = $3,
           lease_owner = NULL, lease_until = NULL
         WHERE id = $4 AND lease_owner = $5 AND state = 'pending'`,
        [state, retryAt, error, id, owner],
      );
      return result.rowCount === 1;
    },
    async notificationStatus(appealId) {
      const { rows } = await pool.query<OutboxRow>(
        "SELECT * FROM notification_outbox WHERE appeal_id = $1",
        [appealId],
      );
      const row = rows[0];
      if (!row) return undefined;
      return {
        state: row.state,
        attempts: row.attempts,
        lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
        lastError: row.last_error,
        nextAttemptAt: row.state === "pending" ? row.next_attempt_at.toISOString() : null,
        sentAt: row.sent_at?.toISOString() ?? null,
      };
    },
    async retryNotification(appealId, now = new Date()) {
      const result = await pool.query(
        `UPDATE notification_outbox
         SET state = 'pending', attempts = 0, next_attempt_at = $1, last_error = NULL
         WHERE appeal_id = $2 AND state = 'failed'`,
        [now, appealId],
      );
      return result.rowCount === 1;
    },
    async backlog() {
      const { rows } = await pool.query<{ pending: number; failed: number; oldest: Date | null }>(
        `SELECT
           (SELECT COUNT(*)::int FROM notification_outbox WHERE state = 'pending') AS pending,
           (SELECT COUNT(*)::int FROM notification_outbox WHERE state = 'failed') AS failed,
           (SELECT MIN(created_at) FROM notification_outbox WHERE state = 'pending') AS oldest`,
      );
      const row = rows[0];
      return {
        pending: row?.pending ?? 0,
        failed: row?.failed ?? 0,
        oldestPendingAt: row?.oldest?.toISOString() ?? null,
      };
    },
  };
}

type OutboxRow = {
  state: NotificationState;
  attempts: number;
  next_attempt_at: Date;
  last_attempt_at: Date | null;
  last_error: string | null;
  sent_at: Date | null;
};
