import nodemailer from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import { type MailConfig, verpAddress } from "./mail-config.ts";

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

/** Sends mail; rejects when the SMTP server did not accept it. */
export type Mailer = {
  /**
   * Sends one mail; `signal` cancels it (the sender's lease could not be kept). Resolves to the
   * message exactly as the SMTP server took it (the raw RFC 822 bytes), for the case file.
   * `deliveryId`: the delivery it is, named by the envelope sender when MAIL_RETURN_PATH is set
   * (VERP: a bounce comes back to `bounces+<id>@…` and finds it, issue 46).
   */
  send(mail: OutgoingMail, signal?: AbortSignal, about?: { deliveryId: string }): Promise<Buffer>;
  /** The domain of MAIL_FROM, for message ids. */
  readonly domain: string;
  close(): void;
};

/** The longest one send may take, whatever the server does (even trickling its replies). */
const sendLimitMs = 60_000;

/**
 * nodemailer over SMTP_URL, the one transport of every mail: a pool of up to `connections` SMTP
 * connections kept open between mails (each closed after 100 mails or 4 minutes idle, nodemailer's
 * defaults), so a mail costs one SMTP transaction instead of a connection, a greeting and a
 * handshake (107 ms against 9 ms per mail on a local server, decision 0024). Every phase of a send
 * has a time limit, and the whole send `sendLimitMs`. `pooled: false` opens a connection per mail,
 * as before decision 0024: the benchmark's baseline.
 */
export function createMailer(
  config: Pick<MailConfig, "from" | "connections" | "returnPath"> & {
    smtpUrl: string;
    pooled?: boolean;
  },
): Mailer {
  const timeouts = {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    dnsTimeout: 10_000,
  };
  const transport =
    config.pooled === false
      ? nodemailer.createTransport({ url: config.smtpUrl, ...timeouts })
      : nodemailer.createTransport({
          url: config.smtpUrl,
          ...timeouts,
          pool: true,
          maxConnections: config.connections,
          maxMessages: 100,
        });
  return {
    domain: mailDomain(config.from),
    async send(mail, signal, about) {
      const limit = AbortSignal.timeout(sendLimitMs);
      // Built once and sent as built: the bytes kept are the bytes sent (nodemailer would build
      // the message anew, with its own date and boundaries, from the fields).
      const { raw, envelope } = await buildMessage(config.from, mail, new Date());
      // The envelope sender only: the headers (From, and so what the citizen sees) stay as built.
      const returnPath =
        config.returnPath && about ? verpAddress(config.returnPath, about.deliveryId) : undefined;
      await transport.sendMail({
        raw,
        envelope: returnPath ? { ...envelope, from: returnPath } : envelope,
        signal: signal ? AbortSignal.any([signal, limit]) : limit,
      });
      return raw;
    },
    close() {
      transport.close();
    },
  };
}

/** The domain of a MAIL_FROM address, for message ids. */
export function mailDomain(from: string): string {
  return from.match(/@([^>\s]+)>?\s*$/)?.[1] ?? "localhost";
}

/**
 * A mail as the message nodemailer would send for it (MailComposer, its own builder), dated
 * `date`, with the envelope it would derive from the headers.
 */
export async function buildMessage(
  from: string,
  mail: OutgoingMail,
  date: Date,
  headers: Record<string, string> = {},
): Promise<{ raw: Buffer; envelope: { from: string | false; to: string[] } }> {
  const message = new MailComposer({ from, ...mail, date, headers }).compile();
  const envelope = message.getEnvelope();
  return { raw: await message.build(), envelope };
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
