/**
 * Migration 26 (issue 45): each mail to an appeal's author kept exactly as it was sent, the raw
 * RFC 822 bytes the SMTP server took, with its Message-ID, its To address and the moment it was
 * recorded sent. Written in the transaction that marks the delivery sent (deliveries-repository.ts
 * `markSent`), read by the case file's export (server/staff/archive/case-file-export.ts). It goes
 * with its delivery and with its appeal: an appeal destroyed by an approved act takes it along.
 */
const table = (deliveryId: string, appealId: string, moment: string, bytes: string) => `
      CREATE TABLE sent_copies (
        delivery_id ${deliveryId} PRIMARY KEY REFERENCES deliveries (id) ON DELETE CASCADE,
        appeal_id ${appealId} NOT NULL REFERENCES appeals (id) ON DELETE CASCADE,
        message_id TEXT NOT NULL,
        to_address TEXT NOT NULL,
        sent_at ${moment} NOT NULL,
        raw ${bytes} NOT NULL
      );
      CREATE INDEX sent_copies_appeal ON sent_copies (appeal_id);`;

export const sentCopiesSql = {
  sqlite: table("INTEGER", "TEXT", "TEXT", "BLOB"),
  postgres: table("BIGINT", "UUID", "TIMESTAMPTZ", "BYTEA"),
} as const;
