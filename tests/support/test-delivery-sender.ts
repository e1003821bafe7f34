// For tests of mail without a whole app: the real composer, nodemailer transport and delivery
// sender over a data layer, sending to a test SMTP server; stopped (and the transport closed) by
// `stop`.
import type { FastifyBaseLogger } from "fastify";
import type { DataLayer } from "../../server/db/data-layer.ts";
import { createDeliveryComposer } from "../../server/mail/delivery-mails.ts";
import { startDeliverySender } from "../../server/mail/delivery-sender.ts";
import { createMailer } from "../../server/mail/mailer.ts";

export const silentLog = { info() {}, error() {}, warn() {} } as unknown as FastifyBaseLogger;

export function startTestDeliverySender(
  data: DataLayer,
  smtpUrl: string,
  options: { handlers: string[]; maxAttempts?: number },
): { stop(): Promise<void> } {
  const mailer = createMailer({ from: "site@example.ru", smtpUrl });
  const compose = createDeliveryComposer({
    data,
    handlers: options.handlers,
    mailer,
    siteUrl: "https://agrochem.example",
  });
  const sender = startDeliverySender({
    deliveries: data.deliveries,
    send: async (delivery) => {
      const composed = await compose(delivery);
      await mailer.send(composed.mail);
      return composed.described;
    },
    retry: { firstWaitMs: 50, maxAttempts: options.maxAttempts ?? 10 },
    leaseMs: 60_000,
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
