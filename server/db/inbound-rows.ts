/**
 * The rows of the mailbox's tables as inbound-repository.ts reads and writes them (issue 46), and
 * what came back for a delivery as the outbox's reads show it (deliveries-repository.ts).
 */
import type { WaitingMessageSummary } from "../../domain/staff/mailbox-port.ts";
import type { DeliveryBounceView } from "../../domain/staff/registry-types.ts";
import { isoMoment, nullableText, type SqlExecutor, type SqlRow } from "./database.ts";
import type { DeliveryKind, DeliveryState } from "./delivery-types.ts";

type InboundKind = "bounce" | "reply" | "auto-reply" | "unmatched" | "unreadable";
type InboundState = "done" | "waiting" | "registered" | "set-aside";

/** One message read, as recorded. A bounce or an auto-reply keeps no sender, subject or text. */
export type InboundRecord = {
  sha256: string;
  readAt: Date;
  kind: InboundKind;
  state: InboundState;
  byteSize: number;
  /** The delivery a bounce came back for. */
  deliveryId?: string | null;
  /** The appeal it was about: a bounced mail's, or the one a reply follows up. */
  appealNumber?: string | null;
  /** The appeal registered from it (a follow-up, or a registrar's registration). */
  followUpNumber?: string | null;
  /** Why it is unreadable, or what a bounce said, in Russian. */
  reason?: string | null;
  from?: string | null;
  subject?: string | null;
  /** Its Date header, ISO 8601. */
  sentAt?: string | null;
  /** The message itself: kept only while it waits for a registrar. */
  raw?: Buffer | null;
};

/** A delivery as a bounce or a reply finds it. */
export type FoundDelivery = {
  id: string;
  kind: DeliveryKind;
  appealId: string | null;
  state: DeliveryState;
  bounce: "permanent" | "transient" | null;
};

/** What came back for a delivery. */
export type DeliveryBounce = {
  permanent: boolean;
  status: string | null;
  reason: string;
  at: Date;
};

/** A waiting message with what a registrar opens it for. */
export type WaitingMessage = WaitingMessageSummary & { sentAt: string | null; raw: Buffer | null };

export const foundColumns = "d.id, d.kind, d.appeal_id, d.state, d.bounce";
export const waitingColumns = "id, read_at, kind, from_address, subject, reason, byte_size";

/** A waiting bounce matched no delivery: for the registrar it is one more unmatched message. */
const waitingKind = (kind: unknown): WaitingMessageSummary["kind"] =>
  kind === "unreadable" ? "unreadable" : "unmatched";

/** A delivery's id as the store keys it, or null for anything else (a VERP address is typed). */
export const deliveryKey = (id: string): number | null =>
  /^[1-9]\d{0,15}$/.test(id) ? Number(id) : null;

/** A Message-ID as the outbox records it: in angle brackets (mailer.ts, sent_copies). */
export const bracketed = (id: string) => `<${id.replace(/^<|>$/g, "")}>`;

/** A waiting message handled: who, when, its new state; the message's bytes are let go. */
export async function handleWaiting(
  tx: SqlExecutor,
  id: number,
  state: "set-aside" | "registered",
  by: { login: string; at: Date },
  numbers: { follow_up_number?: string; appeal_number?: string | null },
): Promise<boolean> {
  const changed = await tx.run(
    `UPDATE inbound_messages SET state = ?, handled_by = ?, handled_at = ?, raw = NULL,
       follow_up_number = COALESCE(?, follow_up_number), appeal_number = COALESCE(?, appeal_number)
     WHERE id = ? AND state = 'waiting'`,
    [
      state,
      by.login,
      by.at.toISOString(),
      numbers.follow_up_number ?? null,
      numbers.appeal_number ?? null,
      id,
    ],
  );
  return changed === 1;
}

export function toFound(row: SqlRow): FoundDelivery {
  const bounce = row.bounce === "permanent" || row.bounce === "transient" ? row.bounce : null;
  return {
    id: String(row.id),
    kind: String(row.kind) as DeliveryKind,
    appealId: nullableText(row.appeal_id),
    state: String(row.state) as DeliveryState,
    bounce,
  };
}

function toBounceView(row: SqlRow): DeliveryBounceView {
  return {
    permanent: row.bounce === "permanent",
    reason: String(row.bounce_reason ?? ""),
    status: nullableText(row.bounce_status),
    at: isoMoment(row.bounced_at),
  };
}

export function toWaiting(row: SqlRow): WaitingMessageSummary {
  return {
    id: Number(row.id),
    readAt: isoMoment(row.read_at),
    kind: waitingKind(row.kind),
    from: nullableText(row.from_address),
    subject: nullableText(row.subject),
    reason: nullableText(row.reason),
    byteSize: Number(row.byte_size),
  };
}

export function bytesOf(value: unknown): Buffer | null {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.length);
  throw new Error("a message's copy is not bytes");
}

/** What came back for a delivery, from its row (SELECT * or the bounce columns); none: undefined. */
export function bounceOfRow(row: SqlRow): DeliveryBounceView | undefined {
  return row.bounce === "permanent" || row.bounce === "transient" ? toBounceView(row) : undefined;
}
