import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import type { ClaimedDelivery, DeliveriesRepository } from "../db/deliveries-repository.ts";
import { holdLease } from "./delivery-lease.ts";
import type { SentDelivery } from "./delivery-mails.ts";
import { type RetrySchedule, waitAfterFailedAttempt } from "./mail-config.ts";
import { describeSendError } from "./mailer.ts";

export type DeliverySenderOptions = {
  deliveries: Pick<
    DeliveriesRepository,
    "claimDue" | "markSent" | "markAttemptFailed" | "renewLeases" | "releaseUntried"
  >;
  /**
   * Builds and sends one delivery's mail; rejects when the SMTP server did not take it, or when
   * `signal` aborts (the lease could not be kept). Resolves to what the log may say about it (a
   * registration number, a day), never its content, and, for a mail to an appeal's author, the
   * mail as sent: kept in the transaction that marks it sent (the case file, issue 45).
   */
  send(delivery: ClaimedDelivery, signal: AbortSignal): Promise<SentDelivery>;
  /**
   * What follows from a mail having left (a notice's term is met): run once the SMTP server took
   * it; a failure here is logged and does not make the mail unsent.
   */
  afterSent?(delivery: ClaimedDelivery, at: Date): Promise<void>;
  retry: RetrySchedule;
  log: FastifyBaseLogger;
  /** How often the table is read for due deliveries. */
  pollIntervalMs: number;
  /**
   * How long a claimed row is held past the sender's last renewal (delivery-lease.ts): what a
   * mail whose sender died waits before another server sends it.
   */
  leaseMs: number;
  /** How many mails are sent at once (each on a pooled SMTP connection: mailer.ts). */
  concurrency: number;
  now?: () => Date;
};

export type DeliverySender = {
  /** Reads the deliveries now instead of at the next poll (after one is written). */
  wake(): void;
  /** Finishes the sends in flight, gives back the claimed mails not yet tried, then stops. */
  stop(): Promise<void>;
};

/** Mails claimed at once per connection: enough to keep each busy between claims. */
const claimsPerConnection = 5;

/** How each kind is named in the log. */
const logNames = {
  "appeal-notification": "appeal notification",
  "appeal-acknowledgement": "appeal acknowledgement",
  "appeal-notice": "appeal notice",
  "appeal-answer": "appeal answer",
  "assignment-notice": "assignment notice",
  "daily-reminder": "daily reminder",
  "site-awaiting-approval": "site edition awaiting approval",
  "site-approval-digest": "site approval digest",
  "site-returned": "site edition returned",
  "site-published": "site edition published",
  "site-review-due": "site review dates",
} as const satisfies Record<ClaimedDelivery["kind"], string>;

/**
 * The one sender of every kind of mail: sends the due deliveries, `concurrency` at a time, for as
 * long as the server runs, with the same retries and leases for all. Every server process runs
 * one; the claim makes sure each delivery has one sender at a time, and the lease, renewed while
 * the batch is sent, that it keeps it until the mail is sent or its try recorded. Log lines name
 * the delivery and what `send` reports, never the mail's content.
 */
export function startDeliverySender(options: DeliverySenderOptions): DeliverySender {
  const owner = randomUUID();
  const now = options.now ?? (() => new Date());
  const stopping = new AbortController();
  let wakeUp = new AbortController();
  const { deliveries } = options;

  const claimBatch = Math.max(1, options.concurrency) * claimsPerConnection;

  async function sendOne(delivery: ClaimedDelivery, signal: AbortSignal): Promise<void> {
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
      return;
    }
    try {
      const { described, copy, messageId } = await options.send(delivery, signal);
      const sentAt = now();
      // Its Message-ID recorded: a reply or a bounce quoting it finds the delivery (issue 46).
      const recorded = await deliveries.markSent(delivery.id, owner, sentAt, copy, messageId);
      options.log.info({ ...about, ...described, attempt: delivery.attempts }, `${name} sent`);
      if (!recorded) options.log.warn(about, `${name} sent after its lease ran out`);
      await options.afterSent?.(delivery, sentAt).catch((error: unknown) => {
        const { name: errorName, code } = error as Error & { code?: unknown };
        options.log.error({ ...about, error: { name: errorName, code } }, `${name}: not recorded`);
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

  async function sendDue(): Promise<number> {
    const claimed = await deliveries.claimDue({
      now: now(),
      owner,
      leaseUntil: new Date(now().getTime() + options.leaseMs),
      limit: claimBatch,
    });
    if (claimed.length === 0) return 0;
    const ids = claimed.map((delivery) => delivery.id);
    const lease = holdLease({
      leaseMs: options.leaseMs,
      renew: (until) => deliveries.renewLeases(ids, owner, { now: now(), until }),
      onLost: () => options.log.error({ deliveries: ids.length }, "deliveries' lease not kept"),
      now,
    });
    const waiting = [...claimed];
    const untried: string[] = [];
    // Each lane sends one mail after another; the lanes together keep `concurrency` in flight.
    const lane = async () => {
      for (let delivery = waiting.shift(); delivery; delivery = waiting.shift()) {
        if (stopping.signal.aborted || lease.signal.aborted) untried.push(delivery.id);
        else {
          // A store error while recording one mail must not stop the lane (and with it the
          // lease's renewal) while the others are still sending.
          await sendOne(delivery, lease.signal).catch((error: unknown) => {
            const { name, code } = error as Error & { code?: unknown };
            options.log.error(
              { delivery: delivery.id, kind: delivery.kind, error: { name, code } },
              "delivery not recorded",
            );
          });
        }
      }
    };
    try {
      const lanes = Math.min(Math.max(1, options.concurrency), claimed.length);
      await Promise.all(Array.from({ length: lanes }, lane));
    } finally {
      lease.stop();
    }
    // A stopping server gives its untried mails back at once rather than holding them for the
    // lease (after a lost lease they are not ours to give).
    if (untried.length > 0 && !lease.signal.aborted) {
      await deliveries.releaseUntried(untried, owner);
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
