/**
 * What /healthz and /metrics tell of the mailbox reader (issue 46), read from the lease's row, so
 * every server tells the same whichever of them reads: whether the mailbox answered the last time
 * it was tried, when it was last read, and how many read messages wait for a registrar. A mailbox
 * problem is reported, never made the site's outage: /healthz stays 200 for it. No address, no
 * error text: moments and counts.
 */
import { Counter, Gauge, type Registry } from "prom-client";
import type { JobLeasesRepository } from "../../db/job-leases-repository.ts";
import type { InboundOutcome } from "./inbound-types.ts";
import { mailboxJob } from "./mailbox-reader.ts";

export type MailboxHealth = {
  /** Whether this server is configured to read (IMAP_URL set). */
  reading: "on" | "off";
  /** The last try read the mailbox (true) or failed (false); null before the first try. */
  reachable: boolean | null;
  lastReadAt: string | null;
  /** Seconds since the last read; null before the first. */
  lastReadAgeSeconds: number | null;
  lastFailureAt: string | null;
  /** Read messages waiting for a registrar («Письма без обращения»). */
  waiting: number;
};

export async function mailboxHealth(
  data: { jobLeases: JobLeasesRepository },
  reading: boolean,
  now = new Date(),
): Promise<MailboxHealth> {
  const lease = await data.jobLeases.read(mailboxJob);
  const success = lease?.lastSuccessAt ?? null;
  const failure = lease?.lastFailureAt ?? null;
  return {
    reading: reading ? "on" : "off",
    reachable:
      success === null && failure === null
        ? null
        : success !== null && (failure === null || Date.parse(success) >= Date.parse(failure)),
    lastReadAt: success,
    lastReadAgeSeconds:
      success === null
        ? null
        : Math.max(0, Math.round((now.getTime() - Date.parse(success)) / 1000)),
    lastFailureAt: failure,
    waiting: await data.jobLeases.waitingInboundMessages(),
  };
}

/**
 * The reader's gauges, read from the store at each scrape, and its count of messages read by
 * outcome (on the server that read them). Returns the counter's `inc`.
 */
export function registerMailboxMetrics(
  registry: Registry,
  data: { jobLeases: JobLeasesRepository },
  reading: boolean,
): (outcome: InboundOutcome, count: number) => void {
  // One store read per scrape for the three gauges: a scrape collects them all at once, and they
  // share the read in flight. A failed read leaves the last figures.
  let health: MailboxHealth | undefined;
  let inFlight: Promise<MailboxHealth | undefined> | undefined;
  const read = () => {
    inFlight ??= mailboxHealth(data, reading)
      .catch(() => health)
      .then((figures) => {
        health = figures;
        inFlight = undefined;
        return figures;
      });
    return inFlight;
  };
  new Gauge({
    name: "mailbox_reading",
    help: "1 when this server is configured to read the organisation's mailbox (IMAP_URL), else 0.",
    registers: [registry],
  }).set(reading ? 1 : 0);
  new Gauge({
    name: "mailbox_reachable",
    help: "1 when the mailbox's last read went through, 0 when it failed or was never tried.",
    registers: [registry],
    async collect() {
      this.set((await read())?.reachable ? 1 : 0);
    },
  });
  new Gauge({
    name: "mailbox_last_read_age_seconds",
    help: "Time since the mailbox was last read; before the first read, since 1970 (so an alert on its age fires).",
    registers: [registry],
    async collect() {
      const lastReadAt = (await read())?.lastReadAt;
      const at = lastReadAt ? Date.parse(lastReadAt) : 0;
      this.set(Math.max(0, (Date.now() - at) / 1000));
    },
  });
  new Gauge({
    name: "mailbox_waiting_messages",
    help: "Messages read from the mailbox that wait for a registrar («Письма без обращения»).",
    registers: [registry],
    async collect() {
      this.set((await read())?.waiting ?? 0);
    },
  });
  const messages = new Counter({
    name: "mailbox_messages_read_total",
    help: "Messages read from the mailbox by this server, by outcome (bounce, follow-up, auto-reply, waiting, …).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  return (outcome, count) => messages.inc({ outcome }, count);
}
