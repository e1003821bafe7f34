/**
 * Keeps a sender's lease on the deliveries it claimed while it sends them: renewed every quarter
 * of the lease, so the lease can be short (what a crashed sender's mail waits: MAIL_LEASE_MS) and
 * still never end under a live sender, however long its sends take. If renewals fail (the store
 * is unreachable) until a quarter of the lease is left, `signal` aborts: the sends in flight stop
 * before another server may take their rows, and no new one starts.
 */
export type HeldLease = {
  /** Aborted when the lease could not be kept; pass it to every send made under the lease. */
  readonly signal: AbortSignal;
  /** Stops renewing (every delivery is sent, failed or released). */
  stop(): void;
};

export function holdLease(options: {
  leaseMs: number;
  /** Extends the lease to `until`; rejects when the store could not be written. */
  renew(until: Date): Promise<unknown>;
  /** Told once when the lease is lost, for the log. */
  onLost(): void;
  now: () => Date;
}): HeldLease {
  const lost = new AbortController();
  const everyMs = Math.max(1, Math.floor(options.leaseMs / 4));
  let heldUntil = options.now().getTime() + options.leaseMs;
  let renewing = false;
  const timer = setInterval(() => {
    if (lost.signal.aborted) return;
    if (options.now().getTime() >= heldUntil - everyMs) {
      lost.abort(Object.assign(new Error("delivery lease lost"), { code: "ELEASE" }));
      options.onLost();
      return;
    }
    if (renewing) return;
    renewing = true;
    const until = options.now().getTime() + options.leaseMs;
    options
      .renew(new Date(until))
      .then(
        () => {
          heldUntil = until;
        },
        () => {},
      )
      .finally(() => {
        renewing = false;
      });
  }, everyMs);
  return {
    signal: lost.signal,
    stop() {
      clearInterval(timer);
    },
  };
}
