/**
 * What the outbox holds and answers (deliveries-repository.ts): the kinds of mail, recipients,
 * attachments by reference, a delivery's states, and the views the sender and the pages read.
 */
import type { DeliveryBounceView } from "../../domain/staff/registry-types.ts";

/** What a delivery is: which mail it becomes, built by the sender's composer of that kind. */
export const deliveryKinds = [
  "appeal-notification",
  "appeal-acknowledgement",
  "appeal-notice",
  "appeal-answer",
  "assignment-notice",
  "daily-reminder",
  // The site's editions (issue 43): a head told an edition awaits them, or the day's digest of
  // those waiting; the editor told theirs was returned or published; the editors' monthly list of
  // pages past «Проверить до».
  "site-awaiting-approval",
  "site-approval-digest",
  "site-returned",
  "site-published",
  "site-review-due",
] as const;
export type DeliveryKind = (typeof deliveryKinds)[number];

/**
 * Who gets the mail: a group whose addresses the server's settings name when it is sent (the
 * handlers, APPEALS_NOTIFY_TO), or an address written with the delivery (a citizen's e-mail).
 */
export type Recipient = { group: RecipientGroup } | { address: string };

/** The groups: the handlers, and the anticorruption officers of a corruption report (0044). */
export type RecipientGroup = "handlers" | "anticorruption";

/** A file to attach, by reference: the sender reads it from where it is kept when it sends. */
export type AttachmentReference = { store: string; id: string };

export type DeliveryState = "pending" | "sent" | "failed";

export type NewDelivery = {
  kind: DeliveryKind;
  /** The appeal the mail is about, if any: its deliveries are deleted with it. */
  appealId?: string;
  recipients: Recipient[];
  /** What the composer of `kind` needs beyond the appeal; never personal data. */
  payload?: Record<string, string | number>;
  attachments?: AttachmentReference[];
  /** When it was written; due at once. */
  at: Date;
};

export type ClaimedDelivery = {
  id: string;
  kind: DeliveryKind;
  appealId: string | null;
  recipients: Recipient[];
  payload: Record<string, string | number>;
  attachments: AttachmentReference[];
  /** Tries including this one. */
  attempts: number;
};

export type DeliveryStatus = {
  state: DeliveryState;
  recipients: Recipient[];
  /** Tries so far (since the last manual retry). */
  attempts: number;
  /** ISO 8601, UTC; null before the first try. */
  lastAttemptAt: string | null;
  /** Why the last try failed (an error code or SMTP status), null if it did not. */
  lastError: string | null;
  /** When a pending delivery is tried next. */
  nextAttemptAt: string | null;
  sentAt: string | null;
  /** What came back for it from the mailbox (issue 46); absent: nothing. */
  bounce?: DeliveryBounceView;
};

/** One delivery about an appeal, as the staff area lists them. */
export type AppealDelivery = {
  id: string;
  kind: DeliveryKind;
  payload: Record<string, string | number>;
  state: DeliveryState;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
  /** What came back for it from the mailbox (issue 46); absent: nothing. */
  bounce?: DeliveryBounceView;
};

export type DeliveryBacklog = {
  pending: number;
  failed: number;
  /** When the oldest delivery still pending was written (ISO 8601), null if none. */
  oldestPendingAt: string | null;
};
