import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import type { ClaimedDelivery, DeliveriesRepository } from "../db/deliveries-repository.ts";
import { type RetrySchedule, waitAfterFailedAttempt } from "./mail-config.ts";
import { describeSendError } from "./mailer.ts";

export type DeliverySenderOptions = {
  deliveries: Pick<DeliveriesRepository, "claimDue" | "markSent" | "markAttemptFailed">;
  /**
   * Builds and sends one delivery's mail; rejects when the SMTP server did not take it. Resolves
   * to what the log may say about it (a registration number, a day), never its content.
   */
  send(delivery: ClaimedDelivery): Promise<Record<string, string>>;
  /**
   * What follows from a mail having left (a notice's term is met): run once the SMTP server took
   * it; a failure here is logged and does not make the mail unsent.
   */
  afterSent?(delivery: ClaimedDelivery, at: Date): Promise<void>;
  retry: RetrySchedule;
  log: FastifyBaseLogger;
  /** How often the table is read for due deliveries. */
  pollIntervalMs: number;
  /** How long a claimed row is held; far longer than a send can take (see mailer.ts). */
  leaseMs: number;
  now?: () => Date;
};

export type DeliverySender = {
  /** Reads the deliveries now instead of at the next poll (after one is written). */
  wake(): void;
  /** Finishes the send in flight, then stops. */
  stop(): Promise<void>;
};

const claimBatch = 10;

/** How each kind is named in the log. */
const logNames = {
  "appeal-notification": "appeal notification",
  "appeal-acknowledgement": "appeal acknowledgement",
  "appeal-notice": "appeal notice",
  "appeal-answer": "appeal answer",
  "assignment-notice": "assignment notice",
  "daily-reminder": "daily reminder",
} as const satisfies Record<ClaimedDelivery["kind"], string>;

/**
 * The one sender of every kind of mail: sends the due deliveries one at a time, for as long as
 * the server runs, with the same retries and leases for all. Every server process runs one; the
 * claim makes sure each delivery has one sender at a time. Log lines name the delivery and what
 * `send` reports, never the mail's content.
 */
export function startDeliverySender(options: DeliverySenderOptions): DeliverySender {
  const owner = randomUUID();
  const now = options.now ?? (() => new Date());
  const stopping = new AbortController();
  let wakeUp = new AbortController();
  const { deliveries } = options;

  async function sendDue(): Promise<number> {
    const claimed = await deliveries.claimDue({
      now: now(),
      owner,
      leaseUntil: new Date(now().getTime() + options.leaseMs),
      limit: claimBatch,
    });
    for (const delivery of claimed) {
      const name = logNames[delivery.kind] ?? delivery.kind;
      const about = { delivery: delivery.id, kind: delivery.kind };
      // Claimed again after its sender died mid-send, with its tries already used up.
      if (delivery.attempts > options.retry.maxAttempts) {
        await deliveries.markAttemptFailed(delivery.id, owner, {
          at: now(),
          error: "ELEASE",
          retryAt: null,
        });
        options.log.error(about, `${name} failed: its sender stopped mid-send`);
        continue;
      }
      try {
        const described = await options.send(delivery);
        const sentAt = now();
        const recorded = await deliveries.markSent(delivery.id, owner, sentAt);
        options.log.info({ ...about, ...described, attempt: delivery.attempts }, `${name} sent`);
        if (!recorded) options.log.warn(about, `${name} sent after its lease ran out`);
        await options.afterSent?.(delivery, sentAt).catch((error: unknown) => {
          const { name: errorName, code } = error as Error & { code?: unknown };
          options.log.error(
            { ...about, error: { name: errorName, code } },
            `${name}: not recorded`,
          );
        });
      } catch (error) {
        const reason = describeSendError(error);
        const waitMs = waitAfterFailedAttempt(options.retry, delivery.attempts);
        await deliveries.markAttemptFailed(delivery.id, owner, {
          at: now(),
          error: reason,
          retryAt: waitMs === null ? null : new Date(now().getTime() + waitMs),
        });
        const details = { ...about, attempt: delivery.attempts, reason };
        if (waitMs === null) options.log.error(details, `${name} failed: no tries left`);
        else options.log.warn({ ...details, retryInMs: waitMs }, `${name} not sent`);
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
        options.log.error({ error: { name, code } }, "deliveries not read");
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
