import type { FastifyInstance } from "fastify";
import type { AppealStore } from "../store/appeal-store.ts";
import type { MailConfig } from "./mail-config.ts";
import { createAppealMailer } from "./mailer.ts";
import { type OutboxWorker, startOutboxWorker } from "./outbox-worker.ts";

export type MailOutbox = {
  /** Whether notifications are being sent (SMTP_URL set). */
  readonly enabled: boolean;
  /** Tells the worker an appeal was just stored, so its mail leaves at once. */
  wake(): void;
};

/**
 * Runs the outbox worker for as long as the app runs: started when the app is ready, stopped
 * (after the send in flight) when it closes, before the store is closed. Without SMTP_URL
 * there is no worker: appeals are stored and their notifications wait in the outbox.
 */
export function registerMailOutbox(
  app: FastifyInstance,
  deps: { store: AppealStore; mail: MailConfig | undefined },
): MailOutbox {
  const mail = deps.mail;
  if (!mail?.smtpUrl) {
    app.log.warn(
      "mail notifications off: SMTP_URL is not set; appeals are stored and their notifications wait in the outbox",
    );
    return { enabled: false, wake() {} };
  }
  const mailer = createAppealMailer({ ...mail, smtpUrl: mail.smtpUrl });
  let worker: OutboxWorker | undefined;
  app.addHook("onReady", async () => {
    worker = startOutboxWorker({
      outbox: deps.store.outbox,
      send: (appeal) => mailer.sendAppealMail(appeal),
      retry: mail.retry,
      leaseMs: mail.leaseMs,
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
    await worker?.stop();
    mailer.close();
  });
  return { enabled: true, wake: () => worker?.wake() };
}
