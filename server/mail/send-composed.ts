/**
 * A composed delivery handed to the mailer (delivery-mails.ts builds it): what the sender records
 * of it once the SMTP server took it.
 */
import type { ClaimedDelivery } from "../db/deliveries-repository.ts";
import type { SentCopy } from "../db/sent-copies-repository.ts";
import type { ComposedDelivery } from "./delivery-mails.ts";
import type { Mailer } from "./mailer.ts";

/**
 * What a sent delivery leaves: the log's words, the Message-ID it left with (recorded with it, so
 * a reply or a bounce quoting it finds it: issue 46), a mail to the author as it was sent.
 */
export type SentDelivery = {
  described: Record<string, string>;
  messageId: string;
  copy?: SentCopy;
};

/**
 * The mails to an appeal's author: each is kept as sent for the case file (issue 45); the
 * handlers' and staff's mails are not part of it.
 */
export const citizenMailKinds: readonly ClaimedDelivery["kind"][] = [
  "appeal-acknowledgement",
  "appeal-notice",
  "appeal-answer",
];

/**
 * The sender's `send` (delivery-sender.ts): builds the delivery's mail and hands it to the mailer,
 * resolving to what the log may say about it and, for a mail to the author, its copy as sent.
 */
export function sendComposed(
  compose: (delivery: ClaimedDelivery) => Promise<ComposedDelivery>,
  mailer: Pick<Mailer, "send">,
) {
  return async (delivery: ClaimedDelivery, signal: AbortSignal): Promise<SentDelivery> => {
    const composed = await compose(delivery);
    const raw = await mailer.send(composed.mail, signal, { deliveryId: delivery.id });
    const { messageId, to } = composed.mail;
    const sent = { described: composed.described, messageId };
    if (!citizenMailKinds.includes(delivery.kind)) return sent;
    return { ...sent, copy: { messageId, to: to.join(", "), raw } };
  };
}
