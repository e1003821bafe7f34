import nodemailer from "nodemailer";
import type { MailConfig } from "./mail-config.ts";

/** One mail as the composers build it (server/mail/delivery-mails.ts). */
export type OutgoingMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /**
   * The same id every time the same delivery is sent: if a crash makes the sender send a mail
   * again, mail programs see the same message.
   */
  messageId: string;
  /** Files sent with the mail (an answer's letter and materials), each with its real type. */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
};

/** Sends one mail; rejects when the SMTP server did not accept it. */
export type Mailer = {
  send(mail: OutgoingMail): Promise<void>;
  /** The domain of MAIL_FROM, for message ids. */
  readonly domain: string;
  close(): void;
};

/**
 * nodemailer over SMTP_URL, the one transport of every mail. Every phase of a send has a time
 * limit, so a send always ends well within the delivery's lease (delivery-sender.ts): a hung
 * server cannot make two senders of one row.
 */
export function createMailer(config: Pick<MailConfig, "from"> & { smtpUrl: string }): Mailer {
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    dnsTimeout: 10_000,
  });
  return {
    domain: config.from.match(/@([^>\s]+)>?\s*$/)?.[1] ?? "localhost",
    async send(mail) {
      await transport.sendMail({ from: config.from, ...mail });
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
