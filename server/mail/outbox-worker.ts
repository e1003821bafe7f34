import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import type { StoredAppeal } from "../store/appeal-store.ts";
import type { NotificationOutbox } from "../store/notification-outbox.ts";
import { type RetrySchedule, waitAfterFailedAttempt } from "./mail-config.ts";
import { describeSendError } from "./mailer.ts";

export type OutboxWorkerOptions = {
  outbox: NotificationOutbox;
  send(appeal: StoredAppeal): Promise<void>;
  retry: RetrySchedule;
  log: FastifyBaseLogger;
  /** How often the outbox is read for due notifications. */
  pollIntervalMs: number;
  /** How long a claimed row is held; far longer than a send can take (see mailer.ts). */
  leaseMs: number;
  now?: () => Date;
};

export type OutboxWorker = {
  /** Reads the outbox now instead of at the next poll (after an appeal is stored). */
  wake(): void;
  /** Finishes the send in flight, then stops. */
  stop(): Promise<void>;
};

const claimBatch = 10;

/**
 * Sends the outbox's due notifications, one at a time, for as long as the server runs. Every
 * server process runs one; the store's claim makes sure each notification has one sender at a
 * time. Log lines name the notification and the appeal's registration number, never its content.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const owner = randomUUID();
  const now = options.now ?? (() => new Date());
  const stopping = new AbortController();
  let wakeUp = new AbortController();

  async function sendDue(): Promise<number> {
    const claimed = await options.outbox.claimDue({
      now: now(),
      owner,
      leaseUntil: new Date(now().getTime() + options.leaseMs),
      limit: claimBatch,
    });
    for (const notification of claimed) {
      const about = { notification: notification.id, appeal: notification.appeal.number };
      // Claimed again after its sender died mid-send, with its tries already used up.
      if (notification.attempts > options.retry.maxAttempts) {
        await options.outbox.markAttemptFailed(notification.id, owner, {
          at: now(),
          error: "ELEASE",
          retryAt: null,
        });
        options.log.error(about, "appeal notification failed: its sender stopped mid-send");
        continue;
      }
      try {
        await options.send(notification.appeal);
        const recorded = await options.outbox.markSent(notification.id, owner, now());
        options.log.info({ ...about, attempt: notification.attempts }, "appeal notification sent");
        if (!recorded) options.log.warn(about, "appeal notification sent after its lease ran out");
      } catch (error) {
        const reason = describeSendError(error);
        const waitMs = waitAfterFailedAttempt(options.retry, notification.attempts);
        await options.outbox.markAttemptFailed(notification.id, owner, {
          at: now(),
          error: reason,
          retryAt: waitMs === null ? null : new Date(now().getTime() + waitMs),
        });
        const details = { ...about, attempt: notification.attempts, reason };
        if (waitMs === null)
          options.log.error(details, "appeal notification failed: no tries left");
        else options.log.warn({ ...details, retryInMs: waitMs }, "appeal notification not sent");
      }
    }
    return claimed.length;
  }

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let sent = 0;
      try {
        sent = await sendDue();
      } catch (error) {
        const { name, code } = error as Error & { code?: unknown };
        options.log.error({ error: { name, code } }, "outbox not read");
      }
      // A full batch means more may be due: read again at once.
      if (sent === claimBatch) continue;
      const signal = AbortSignal.any([stopping.signal, wakeUp.signal]);
      await sleep(options.pollIntervalMs, undefined, { signal }).catch(() => {});
      if (wakeUp.signal.aborted) wakeUp = new AbortController();
    }
  })();

  return {
    wake() {
      wakeUp.abort();
    },
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
