import nodemailer from "nodemailer";
import type { StoredAppeal } from "../store/appeal-store.ts";
import { composeAppealMail } from "./appeal-mail.ts";
import type { MailConfig } from "./mail-config.ts";

/** Sends one appeal's notification; rejects when the SMTP server did not accept it. */
export type AppealMailer = {
  sendAppealMail(appeal: StoredAppeal): Promise<void>;
  close(): void;
};

/**
 * nodemailer over SMTP_URL. Every phase of a send has a time limit, so a send always ends well
 * within the outbox lease (outbox-worker.ts): a hung server cannot make two senders of one row.
 */
export function createAppealMailer(
  config: Pick<MailConfig, "from" | "notifyTo"> & { smtpUrl: string },
): AppealMailer {
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    dnsTimeout: 10_000,
  });
  const domain = config.from.match(/@([^>\s]+)>?\s*$/)?.[1] ?? "localhost";
  return {
    async sendAppealMail(appeal) {
      const mail = composeAppealMail(appeal);
      await transport.sendMail({
        from: config.from,
        to: config.notifyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // One id per appeal: if a crash makes the outbox send a mail again, mail programs see
        // the same message.
        messageId: `<appeal-${appeal.id}@${domain}>`,
      });
    },
    close() {
      transport.close();
    },
  };
}

/**
 * What a failed send may record and log: nodemailer's error code and the SMTP reply code, never
 * its message, which can quote addresses.
 */
export function describeSendError(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  const parts = [typeof code === "string" ? code : "ERROR"];
  if (typeof responseCode === "number") parts.push(String(responseCode));
  return parts.join(" ");
}
