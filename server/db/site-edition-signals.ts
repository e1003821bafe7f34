/**
 * How a publish reaches every server (decision 0030). On PostgreSQL the publishing transaction
 * sends NOTIFY on one channel with the page's name (delivered when it commits, never before);
 * each server LISTENs on a connection of its own and re-renders the page from the store. A
 * notification sent while a server's connection was down is lost, so on every (re)connection
 * the server re-reads every page's published edition. On SQLite one server owns the file: the
 * publishing server renders the page itself and there is nobody else to tell.
 */
import pg from "pg";
import type { DatabaseConfig } from "../config.ts";
import type { SqlExecutor } from "./database.ts";

export const publishedChannel = "site_edition_published";

/** Inside the publishing transaction: every server hears of `page` once it commits. */
export async function announcePublished(page: string, tx: SqlExecutor): Promise<void> {
  if (tx.kind === "postgres") await tx.all("SELECT pg_notify(?, ?)", [publishedChannel, page]);
}

/**
 * A second channel says an edition was scheduled (decision 0039): every server then looks again
 * at the earliest moment to come, so each one's timer is set for it, and the one that publishes
 * first is the one whose state change commits first (site-schedule-checks.ts).
 */
export const scheduledChannel = "site_edition_scheduled";

/** Inside the scheduling transaction: every server hears that a moment was set or changed. */
export async function announceScheduled(page: string, tx: SqlExecutor): Promise<void> {
  if (tx.kind === "postgres") await tx.all("SELECT pg_notify(?, ?)", [scheduledChannel, page]);
}

export type PublishedListener = { close(): Promise<void> };

/**
 * Calls `onPage` with each page published by any server, and `onConnected` on each connection
 * (the first included): the caller re-reads everything then. Reconnects after a second when the
 * connection drops. Nothing to listen to on SQLite.
 */
export function listenForPublished(
  database: DatabaseConfig,
  handlers: {
    onPage(page: string): void;
    onConnected(): void;
    onError(error: unknown): void;
    /** An edition was scheduled on some server (decision 0039). */
    onScheduled?(): void;
  },
): PublishedListener {
  if (database.kind !== "postgres") return { close: async () => {} };
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed) return;
    const current = new pg.Client({
      connectionString: database.url,
      connectionTimeoutMillis: 5000,
    });
    client = current;
    const again = (error: unknown) => {
      if (closed || client !== current) return;
      client = undefined;
      handlers.onError(error);
      current.end().catch(() => {});
      retry = setTimeout(() => void connect(), 1000);
    };
    current.on("error", again);
    current.on("end", () => again(new Error("connection ended")));
    current.on("notification", (message) => {
      if (message.channel === publishedChannel && message.payload) handlers.onPage(message.payload);
      if (message.channel === scheduledChannel) handlers.onScheduled?.();
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${publishedChannel}`);
      await current.query(`LISTEN ${scheduledChannel}`);
      handlers.onConnected();
    } catch (error) {
      again(error);
    }
  };
  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
