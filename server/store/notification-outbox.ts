import type { StoredAppeal } from "./appeal-store.ts";

/**
 * The outbox of e-mail notifications to the handlers, one per appeal, written in the appeal's own
 * transaction. `pending` waits for the mail worker (server/mail/outbox-worker.ts); `sent` is done;
 * `failed` ran out of tries and waits for a person (`retryNotification`). Both stores implement it
 * (outbox-sqlite.ts, outbox-postgres.ts); the design is in docs/decisions/0007.
 */
export interface NotificationOutbox {
  /**
   * Takes up to `limit` pending notifications that are due and not held by another sender, and
   * holds them for `owner` until `leaseUntil`: no other sender takes them before then, and one
   * whose sender died is taken again after it. Each claim counts as a try.
   */
  claimDue(claim: {
    now: Date;
    owner: string;
    leaseUntil: Date;
    limit: number;
  }): Promise<ClaimedNotification[]>;
  /** Records a sent notification; false when `owner` no longer held it. */
  markSent(id: string, owner: string, at: Date): Promise<boolean>;
  /**
   * Records a try that failed: back to pending until `retryAt`, or `failed` when `retryAt` is
   * null. `error` must hold no personal data (an error code, an SMTP status).
   */
  markAttemptFailed(
    id: string,
    owner: string,
    outcome: { at: Date; error: string; retryAt: Date | null },
  ): Promise<boolean>;
  /** The delivery status of an appeal's notification, for the staff area; undefined if none. */
  notificationStatus(appealId: string): Promise<NotificationStatus | undefined>;
  /**
   * Puts a failed notification back to pending, due now, with its tries counted afresh. True when
   * it was failed; false when there is none or it is pending or sent (nothing to do).
   */
  retryNotification(appealId: string, now?: Date): Promise<boolean>;
  /** Counts for GET /healthz. */
  backlog(): Promise<OutboxBacklog>;
}

export type NotificationState = "pending" | "sent" | "failed";

export type NotificationStatus = {
  state: NotificationState;
  /** Tries so far (since the last manual retry). */
  attempts: number;
  /** ISO 8601, UTC; null before the first try. */
  lastAttemptAt: string | null;
  /** Why the last try failed (an error code or SMTP status), null if it did not. */
  lastError: string | null;
  /** When a pending notification is tried next. */
  nextAttemptAt: string | null;
  sentAt: string | null;
};

export type ClaimedNotification = {
  id: string;
  /** Tries including this one. */
  attempts: number;
  appeal: StoredAppeal;
};

export type OutboxBacklog = {
  pending: number;
  failed: number;
  /** When the oldest notification still pending was written (ISO 8601), null if none. */
  oldestPendingAt: string | null;
};
