/**
 * Reads the organisation's mailbox while the app runs, when IMAP_URL is set (issue 46): the
 * reader starts when the app is ready and stops, giving its lease up, when it closes. Every
 * server so configured reports the mailbox on /healthz, whichever of them reads it (the figures
 * are the store's); /metrics has its gauges on every server, `mailbox_reading` 0 where it is off.
 */
import type { FastifyInstance } from "fastify";
import type { DataLayer } from "../../db/data-layer.ts";
import type { ServiceMetrics } from "../../metrics/service-metrics.ts";
import type { HealthzReports } from "../../operations/healthz.ts";
import type { MailConfig } from "../mail-config.ts";
import type { MailDoor } from "../register-delivery-sender.ts";
import type { ImapUrl } from "./imap-url.ts";
import type { InboundLimits, InboundOutcome } from "./inbound-types.ts";
import { createMailboxReader } from "./mailbox-reader.ts";
import { mailboxHealth, registerMailboxMetrics } from "./mailbox-reader-health.ts";
import { defaultReadLimits } from "./mailbox-reader-session.ts";
import { createProcessInbound } from "./process-inbound.ts";

/**
 * What a hostile message meets: 25 MB, as the largest mail most providers accept; MIME nested
 * deeper than any real client writes; as many files as a reply plausibly carries.
 */
export const inboundLimits: InboundLimits = {
  maxMessageBytes: 25 * 1024 * 1024,
  maxNestingDepth: 20,
  maxAttachments: 10,
};

export function registerMailboxReader(
  app: FastifyInstance,
  deps: {
    data: DataLayer;
    /** IMAP_URL (null or absent: not read), and MAIL_RETURN_PATH for the bounces' VERP. */
    config: { imap?: ImapUrl | null; mail?: Pick<MailConfig, "returnPath"> };
    healthz: HealthzReports;
    metrics: ServiceMetrics;
    mailDoor: MailDoor;
    pollEveryMs?: number;
  },
) {
  const { data } = deps;
  const imap = deps.config.imap ?? null;
  const countRead = registerMailboxMetrics(deps.metrics.registry, data, imap !== null);
  if (imap === null) return;
  deps.healthz.describe("mailbox", () => mailboxHealth(data, true));
  const reader = createMailboxReader({
    url: imap,
    data,
    process: createProcessInbound({
      data,
      limits: inboundLimits,
      returnPath: deps.config.mail?.returnPath,
      // A follow-up's acknowledgement leaves at once.
      onStored: () => deps.mailDoor.wake(),
    }),
    limits: { ...defaultReadLimits, maxMessageBytes: inboundLimits.maxMessageBytes },
    log: app.log,
    ...(deps.pollEveryMs === undefined ? {} : { pollEveryMs: deps.pollEveryMs }),
    onRead(outcome) {
      if (outcome.kind !== "read") return;
      for (const [kind, count] of Object.entries(outcome.counts)) {
        countRead(kind as InboundOutcome, count);
      }
    },
  });
  app.addHook("onReady", async () => {
    reader.start();
    app.log.info({ job: "mailbox" }, "mailbox reader on (IMAP_URL)");
  });
  app.addHook("onClose", () => reader.stop());
}
