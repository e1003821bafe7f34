/**
 * What the case file's export (server/staff/archive/case-file-export.ts, issue 45) reads beyond
 * the appeal's page: the cases closed in a year, and the mails to an appeal's author that were
 * sent, each with its copy as sent (sent-copies-schema.ts) when one was kept.
 */
import type { Database, SqlRow } from "./database.ts";
import { isoMoment, nullableText } from "./database.ts";
import type { AttachmentReference, DeliveryKind, Recipient } from "./delivery-types.ts";

/** A mail to the author that left: its delivery, and its copy unless it left before copies. */
export type SentAuthorMail = {
  deliveryId: string;
  kind: DeliveryKind;
  recipients: Recipient[];
  payload: Record<string, string | number>;
  attachments: AttachmentReference[];
  /** When the delivery was recorded sent (ISO 8601). */
  sentAt: string;
  copy: { messageId: string; to: string; sentAt: string; raw: Buffer } | null;
};

/** A closed case of a year, in the order the inventory lists them. */
export type ClosedCase = { id: string; number: string; closedOn: string };

const authorKinds = ["appeal-acknowledgement", "appeal-notice", "appeal-answer"] as const;

export function createCaseFileRepository(db: Database) {
  return {
    /** Every case closed in `year` (appeals.closed_on), by closing day and registration. */
    async closedIn(year: number): Promise<ClosedCase[]> {
      const rows = await db.all(
        `SELECT id, number, closed_on FROM appeals WHERE closed_on >= ? AND closed_on <= ?
         ORDER BY closed_on, seq`,
        [`${year}-01-01`, `${year}-12-31`],
      );
      return rows.map((row) => ({
        id: String(row.id),
        number: String(row.number),
        closedOn: String(row.closed_on),
      }));
    },

    /** The mails to the author of `appealId` that were sent, in the order they left. */
    async sentAuthorMails(appealId: string): Promise<SentAuthorMail[]> {
      const rows = await db.all(
        `SELECT d.id, d.kind, d.recipients, d.payload, d.attachments, d.sent_at,
           c.message_id, c.to_address, c.sent_at AS copy_sent_at, c.raw
         FROM deliveries d LEFT JOIN sent_copies c ON c.delivery_id = d.id
         WHERE d.appeal_id = ? AND d.state = 'sent' AND d.sent_at IS NOT NULL
           AND d.kind IN (${authorKinds.map(() => "?").join(", ")})
         ORDER BY d.sent_at, d.id`,
        [appealId, ...authorKinds],
      );
      return rows.map(toSentAuthorMail);
    },
  };
}

function toSentAuthorMail(row: SqlRow): SentAuthorMail {
  const messageId = nullableText(row.message_id);
  return {
    deliveryId: String(row.id),
    kind: String(row.kind) as DeliveryKind,
    recipients: JSON.parse(String(row.recipients)) as Recipient[],
    payload: JSON.parse(String(row.payload)) as Record<string, string | number>,
    attachments: JSON.parse(String(row.attachments)) as AttachmentReference[],
    sentAt: isoMoment(row.sent_at),
    copy:
      messageId === null
        ? null
        : {
            messageId,
            to: String(row.to_address),
            sentAt: isoMoment(row.copy_sent_at),
            raw: bytesOf(row.raw),
          },
  };
}

/** node:sqlite reads a BLOB as a Uint8Array, pg a BYTEA as a Buffer: one Buffer for both. */
function bytesOf(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.length);
  throw new Error("a sent copy's content is not bytes");
}
