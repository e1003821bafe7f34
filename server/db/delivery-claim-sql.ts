/**
 * The outbox's claim (deliveries-repository.ts `claimDue`): one statement takes the due rows and
 * leases them. On PostgreSQL it locks the rows it picks with FOR UPDATE SKIP LOCKED, so several
 * servers' claims neither wait for each other nor pick the same row; on SQLite the statement runs
 * under the database's write lock.
 */
export const claimSql = {
  sqlite: `
    UPDATE deliveries
    SET attempts = attempts + 1, lease_owner = ?, lease_until = ?, last_attempt_at = ?
    WHERE id IN (
      SELECT id FROM deliveries
      WHERE state = 'pending' AND next_attempt_at <= ?
        AND (lease_until IS NULL OR lease_until < ?)
      ORDER BY next_attempt_at, id
      LIMIT ?)
    RETURNING id, kind, appeal_id, recipients, payload, attachments, attempts`,
  postgres: `
    WITH due AS (
      SELECT id FROM deliveries
      WHERE state = 'pending' AND next_attempt_at <= ?
        AND (lease_until IS NULL OR lease_until < ?)
      ORDER BY next_attempt_at, id
      LIMIT ?
      FOR UPDATE SKIP LOCKED)
    UPDATE deliveries
    SET attempts = deliveries.attempts + 1, lease_owner = ?, lease_until = ?, last_attempt_at = ?
    FROM due WHERE deliveries.id = due.id
    RETURNING deliveries.id::text AS id, kind, appeal_id::text AS appeal_id, recipients, payload,
      attachments, deliveries.attempts AS attempts`,
} as const;
