import type { FastifyInstance } from "fastify";
import type { DataLayer } from "../db/data-layer.ts";
import type { MailContacts } from "./citizen-mail-layout.ts";
import { createDeliveryComposer, sendComposed } from "./delivery-mails.ts";
import { type DeliverySender, startDeliverySender } from "./delivery-sender.ts";
import type { MailConfig } from "./mail-config.ts";
import { createMailer } from "./mailer.ts";
import { recordSentNotice } from "./sent-notice-record.ts";

export type MailDoor = {
  /** Whether mail is being sent (SMTP_URL set). */
  readonly enabled: boolean;
  /** Tells the sender a delivery was just written, so its mail leaves at once. */
  wake(): void;
};

/**
 * Runs the one delivery sender for as long as the app runs: started when the app is ready,
 * stopped when it closes (after the sends in flight, its untried claims given back), before the
 * database is closed. Without SMTP_URL there is no sender: appeals are stored and their
 * deliveries wait.
 */
export function registerDeliverySender(
  app: FastifyInstance,
  deps: {
    data: DataLayer;
    mail: MailConfig | undefined;
    siteUrl: string;
    /** The contacts the site shows now, which each mail is signed with as it is built. */
    contacts: () => MailContacts;
  },
): MailDoor {
  const mail = deps.mail;
  if (!mail?.smtpUrl) {
    app.log.warn(
      "mail notifications off: SMTP_URL is not set; appeals are stored and their notifications wait in the outbox",
    );
    return { enabled: false, wake() {} };
  }
  const mailer = createMailer({ ...mail, smtpUrl: mail.smtpUrl });
  const compose = createDeliveryComposer({
    data: deps.data,
    handlers: mail.notifyTo,
    anticorruption: mail.anticorruptionNotifyTo,
    mailer,
    siteUrl: deps.siteUrl,
    contacts: deps.contacts,
  });
  let sender: DeliverySender | undefined;
  app.addHook("onReady", async () => {
    sender = startDeliverySender({
      deliveries: deps.data.deliveries,
      send: sendComposed(compose, mailer),
      afterSent: (delivery, at) => recordSentNotice(deps.data, delivery, at),
      retry: mail.retry,
      leaseMs: mail.leaseMs,
      concurrency: mail.connections,
      log: app.log,
      // Never slower than the first retry, so short test schedules are kept.
      pollIntervalMs: Math.min(5_000, mail.retry.firstWaitMs),
    });
    app.log.info(
      { retry: mail.retry, recipients: mail.notifyTo.length },
      "mail notifications on: the outbox is sent by SMTP",
    );
  });
  app.addHook("onClose", async () => {
    await sender?.stop();
    mailer.close();
  });
  return { enabled: true, wake: () => sender?.wake() };
}
