/**
 * The copies of the mails sent to appeals' authors (sent-copies-schema.ts): one per delivery,
 * written with the delivery's mark `sent` and never changed. Reading them is the case file's
 * (case-file-repository.ts).
 */
import type { SqlExecutor } from "./database.ts";

/** A mail as it left: the bytes handed to the SMTP server, its Message-ID and To. */
export type SentCopy = {
  messageId: string;
  /** The To addresses, as the header lists them. */
  to: string;
  raw: Buffer;
};

/** Keeps `copy` of a delivery about an appeal; call in the transaction that marks it sent. */
export async function recordSentCopy(
  tx: SqlExecutor,
  deliveryId: string,
  copy: SentCopy,
  at: Date,
): Promise<void> {
  const [delivery] = await tx.all("SELECT appeal_id FROM deliveries WHERE id = ?", [
    Number(deliveryId),
  ]);
  // A mail about no appeal (staff's) keeps no copy: the case file has nowhere to hold it.
  if (!delivery || delivery.appeal_id === null) return;
  await tx.run(
    `INSERT INTO sent_copies (delivery_id, appeal_id, message_id, to_address, sent_at, raw)
     VALUES (?, ?, ?, ?, ?, ?)`,
    [
      Number(deliveryId),
      String(delivery.appeal_id),
      copy.messageId,
      copy.to,
      at.toISOString(),
      copy.raw,
    ],
  );
}
