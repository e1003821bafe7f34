/**
 * What GET /metrics reports, in one registry per app (tests run several apps in one process):
 * requests by route pattern and status, their latency, appeals by outcome, store errors, the
 * outbox and the backups (read from the database at each scrape), and Node's own figures
 * (event-loop lag, memory, GC) from prom-client's defaults. Labels are fixed words and route
 * patterns, never a URL as sent, an address or anything a visitor typed.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { DataLayer } from "../db/data-layer.ts";

/** How an appeal ended: accepted (stored) or refused, and why. */
export type AppealOutcome = "created" | "invalid" | "rate_limited" | "honeypot" | "failed";

export function createServiceMetrics(
  data: Pick<DataLayer, "deliveries" | "backupRuns">,
  backupsScheduled: boolean,
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by method and route pattern.",
    labelNames: ["method", "route"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const appeals = new Counter({
    name: "appeals_total",
    help: "Appeals submitted, by outcome: created (stored), invalid, rate_limited, honeypot (a bot; not stored), failed (the store failed).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const storeErrors = new Counter({
    name: "store_errors_total",
    help: "Statements, commits and pings the database failed.",
    registers: [registry],
  });
  const scrapeErrors = new Counter({
    name: "metrics_collect_errors_total",
    help: "Scrapes whose outbox or backup figures could not be read from the database.",
    registers: [registry],
  });

  const outboxPending = new Gauge({
    name: "outbox_pending",
    help: "Mails waiting to be sent, by kind.",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  const outboxFailed = new Gauge({
    name: "outbox_failed",
    help: "Mails given up after every try, by kind.",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  const outboxOldest = new Gauge({
    name: "outbox_oldest_pending_age_seconds",
    help: "Age of the oldest mail waiting, by kind (0 when none waits).",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  const backupAge = new Gauge({
    name: "backup_last_success_age_seconds",
    help: "Time since the last scheduled backup was in place; before the first, since 1970 (so an alert on its age fires).",
    registers: [registry],
  });
  const backupBytes = new Gauge({
    name: "backup_last_success_bytes",
    help: "Size of the last scheduled backup (0 before the first).",
    registers: [registry],
  });
  const backupFailing = new Gauge({
    name: "backup_failing",
    help: "1 when the newest scheduled backup attempt failed after the last success, else 0.",
    registers: [registry],
  });

  new Gauge({
    name: "backup_scheduled",
    help: "1 when this server takes daily backups (BACKUP_DIR set), else 0.",
    registers: [registry],
  }).set(backupsScheduled ? 1 : 0);

  /** The figures kept in the database, read once per scrape. */
  async function readStoredFigures(now: Date) {
    for (const gauge of [outboxPending, outboxFailed, outboxOldest, backupAge, backupBytes]) {
      gauge.reset();
    }
    try {
      const backlog = await data.deliveries.backlog();
      for (const [kind, entry] of Object.entries(backlog)) {
        outboxPending.set({ kind }, entry.pending);
        outboxFailed.set({ kind }, entry.failed);
        const oldest = entry.oldestPendingAt ? Date.parse(entry.oldestPendingAt) : now.getTime();
        outboxOldest.set({ kind }, Math.max(0, (now.getTime() - oldest) / 1000));
      }
      const backups = await data.backupRuns.status();
      const lastAt = backups.last ? Date.parse(backups.last.at) : 0;
      backupAge.set(Math.max(0, (now.getTime() - lastAt) / 1000));
      backupBytes.set(backups.last?.bytes ?? 0);
      backupFailing.set(backups.failure ? 1 : 0);
    } catch {
      scrapeErrors.inc();
    }
  }

  return {
    registry,
    storeError: () => storeErrors.inc(),
    appeal: (outcome: AppealOutcome) => appeals.inc({ outcome }),
    request(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    /** The whole text of a scrape. */
    async scrape(now = new Date()): Promise<string> {
      await readStoredFigures(now);
      return registry.metrics();
    },
  };
}

export type ServiceMetrics = ReturnType<typeof createServiceMetrics>;
