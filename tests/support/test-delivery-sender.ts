// For tests of mail without a whole app: the real composer, nodemailer transport and delivery
// sender over a data layer, sending to a test SMTP server; stopped (and the transport closed) by
// `stop`.
import { setTimeout } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import { defaultContacts } from "../../content/contacts.ts";
import type { DataLayer } from "../../server/db/data-layer.ts";
import { createDeliveryComposer, sendComposed } from "../../server/mail/delivery-mails.ts";
import { startDeliverySender } from "../../server/mail/delivery-sender.ts";
import { createMailer } from "../../server/mail/mailer.ts";
import type { ReceivedMail, TestSmtpServer } from "./test-smtp-server.ts";

export const silentLog = { info() {}, error() {}, warn() {} } as unknown as FastifyBaseLogger;

export function startTestDeliverySender(
  data: DataLayer,
  smtpUrl: string,
  options: { handlers: string[]; maxAttempts?: number },
): { stop(): Promise<void> } {
  const mailer = createMailer({ from: "site@example.ru", smtpUrl, connections: 4 });
  const compose = createDeliveryComposer({
    data,
    handlers: options.handlers,
    mailer,
    siteUrl: "https://agrochem.example",
    contacts: () => defaultContacts,
  });
  const sender = startDeliverySender({
    deliveries: data.deliveries,
    send: sendComposed(compose, mailer),
    retry: { firstWaitMs: 50, maxAttempts: options.maxAttempts ?? 10 },
    leaseMs: 60_000,
    concurrency: 4,
    log: silentLog,
    pollIntervalMs: 50,
  });
  return {
    async stop() {
      await sender.stop();
      mailer.close();
    },
  };
}

/**
 * The daily reminders the outbox holds, sent through the real sender to `smtp`: waits for
 * `expected` of them, then a little more so that one too many would show.
 */
export async function sentReminders(
  data: DataLayer,
  smtp: TestSmtpServer,
  options: { handlers: string[]; expected: number },
): Promise<ReceivedMail[]> {
  const sender = startTestDeliverySender(data, smtp.url, { handlers: options.handlers });
  const reminders = () =>
    smtp.received.filter((mail) => mail.subject?.startsWith("Сроки обращений"));
  try {
    for (let tries = 0; tries < 200 && reminders().length < options.expected; tries += 1) {
      await setTimeout(25);
    }
    await setTimeout(200);
    return reminders();
  } finally {
    await sender.stop();
  }
}
