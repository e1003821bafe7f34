/**
 * A mail to an appeal's author sent before copies were kept (issue 45): built again by the same
 * mail code from what is stored (the appeal, the answer, the notice's kind), dated when it was
 * recorded sent, and marked as restored, for the case file. Not the bytes that left: the text
 * may differ where the stored data changed since (the site's contacts, say).
 */
import type { SentAuthorMail } from "../db/case-file-repository.ts";
import type { createDeliveryComposer } from "./delivery-mails.ts";
import { buildMessage } from "./mailer.ts";

export const restoredMailNote =
  "восстановлено по сохранённым данным, копия отправленного письма не сохранялась";

export async function restoredMessage(
  compose: ReturnType<typeof createDeliveryComposer>,
  from: string,
  appealId: string,
  mail: SentAuthorMail,
): Promise<Buffer> {
  const composed = await compose({
    id: mail.deliveryId,
    kind: mail.kind,
    appealId,
    recipients: mail.recipients,
    payload: mail.payload,
    attachments: mail.attachments,
    attempts: 0,
  });
  const note = { "X-Case-File-Note": restoredMailNote };
  return (await buildMessage(from, composed.mail, new Date(mail.sentAt), note)).raw;
}
