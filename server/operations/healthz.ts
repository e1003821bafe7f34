/**
 * GET /healthz: 503 with the reason while the store cannot be read or written (decision 0023),
 * otherwise 200 with what an operator watches: the mail (on or off, the outbox by kind, mail held
 * after a restore) and the backups, and what other rooms report (the placeholder values still
 * published, in production: decision 0040). A part another room watches can make it a 503 too:
 * the publish notices unheard past their bound (issue 40). Public: counts, moments and sizes,
 * never paths or error text.
 */
import type { FastifyInstance } from "fastify";
import type { DataLayer } from "../db/data-layer.ts";
import type { DeliveryBacklog } from "../db/deliveries-repository.ts";
import type { MailDoor } from "../mail/register-delivery-sender.ts";
import { storeUnhealthy } from "./store-health.ts";

/** Lets another room add a field of its own to /healthz's JSON (a count, never personal data). */
export type HealthzReports = {
  report(field: string, read: () => number): void;
  /**
   * A part the server needs: its state under `field`, and a 503 with `failing` as the reason
   * while it is set. `read` answers null when there is no such part (nothing to show).
   */
  watch(field: string, read: () => WatchedPart | null): void;
  /** A part reported, never an outage (the mailbox reader, issue 46): its state read from the store. */
  describe(field: string, read: () => Promise<Record<string, unknown>>): void;
};

type WatchedPart = { failing: string | null; state: Record<string, unknown> };

export function registerHealthz(
  app: FastifyInstance,
  deps: { data: DataLayer; mailDoor: MailDoor; backupScheduled: boolean },
): HealthzReports {
  const reports = new Map<string, () => number>();
  const watched = new Map<string, () => WatchedPart | null>();
  const described = new Map<string, () => Promise<Record<string, unknown>>>();
  app.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    // Reads answering is not enough: a store that cannot write is an outage (decision 0023).
    const unhealthy = await storeUnhealthy(deps.data);
    if (unhealthy) return reply.code(503).send(unhealthy);
    const parts = [...watched].flatMap(([field, read]) => {
      const part = read();
      return part ? [{ field, ...part }] : [];
    });
    const states = Object.fromEntries(parts.map((part) => [part.field, part.state]));
    const failing = parts.find((part) => part.failing !== null);
    if (failing)
      return reply.code(503).send({ status: "unavailable", reason: failing.failing, ...states });
    try {
      // Mail trouble is reported, not made an outage: appeals are still accepted and kept.
      const outboxByKind = await deps.data.deliveries.backlog();
      // So is a failed backup: the operator sees it here, in the log and in /metrics.
      const backups = await deps.data.backupRuns.status();
      return {
        status: "ok",
        mail: deps.mailDoor.enabled ? "on" : "off",
        outbox: totalBacklog(Object.values(outboxByKind)),
        outboxByKind,
        heldMail: await deps.data.deliveryHolds.waitingCounts(), // after a restore (decision 0022)
        // /healthz is public: when and how big, never paths or error text (those are in the log).
        backup: {
          scheduled: deps.backupScheduled ? "on" : "off",
          last: backups.last && { at: backups.last.at, bytes: backups.last.bytes },
          failure: backups.failure && { day: backups.failure.day, at: backups.failure.at },
          interrupted: backups.interrupted,
        },
        ...Object.fromEntries([...reports].map(([field, read]) => [field, read()])),
        ...Object.fromEntries(
          await Promise.all([...described].map(async ([field, read]) => [field, await read()])),
        ),
        ...states,
      };
    } catch {
      return reply.code(503).send({ status: "unavailable" });
    }
  });
  return {
    report: (field, read) => void reports.set(field, read),
    watch: (field, read) => void watched.set(field, read),
    describe: (field, read) => void described.set(field, read),
  };
}

/** Every kind's backlog together: what /healthz reported before deliveries had kinds. */
function totalBacklog(backlogs: DeliveryBacklog[]): DeliveryBacklog {
  const oldest = backlogs
    .map((backlog) => backlog.oldestPendingAt)
    .filter((at): at is string => at !== null)
    .sort()[0];
  return {
    pending: backlogs.reduce((sum, backlog) => sum + backlog.pending, 0),
    failed: backlogs.reduce((sum, backlog) => sum + backlog.failed, 0),
    oldestPendingAt: oldest ?? null,
  };
}
