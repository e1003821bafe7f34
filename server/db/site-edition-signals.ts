/**
 * How a publish reaches every server (decision 0030). On PostgreSQL the publishing transaction
 * sends NOTIFY on one channel with the page's name (delivered when it commits, never before);
 * each server LISTENs on a connection of its own and re-renders the page from the store. A
 * notification sent while a server's connection was down is lost, so on every (re)connection
 * the server re-reads every page's published edition. On SQLite one server owns the file: the
 * publishing server renders the page itself and there is nobody else to tell.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { DatabaseConfig } from "../config.ts";
import type { SqlExecutor } from "./database.ts";

const publishedChannel = "site_edition_published";

/** Inside the publishing transaction: every server hears of `page` once it commits. */
export async function announcePublished(page: string, tx: SqlExecutor): Promise<void> {
  if (tx.kind === "postgres") await tx.all("SELECT pg_notify(?, ?)", [publishedChannel, page]);
}

/**
 * A second channel says an edition was scheduled (decision 0039): every server then looks again
 * at the earliest moment to come, so each one's timer is set for it, and the one that publishes
 * first is the one whose state change commits first (site-schedule-checks.ts).
 */
const scheduledChannel = "site_edition_scheduled";

/** Inside the scheduling transaction: every server hears that a moment was set or changed. */
export async function announceScheduled(page: string, tx: SqlExecutor): Promise<void> {
  if (tx.kind === "postgres") await tx.all("SELECT pg_notify(?, ?)", [scheduledChannel, page]);
}

/** What the listener can say of itself (issue 40): /healthz shows it. */
type ListenerHealth = {
  /** When its connection last carried something back (its LISTEN answered, a notice): or never. */
  lastHeardAt: Date | null;
  /** How long it has heard nothing (since it began, if never). */
  silentMs: number;
  /** Silent past its bound: other servers' publishes may not be reaching this one. */
  silent: boolean;
};

export type PublishedListener = {
  close(): Promise<void>;
  /** Null on SQLite: nothing to listen to. */
  health(): ListenerHealth | null;
};

/**
 * The heartbeat (issue 40): a connection a firewall or NAT forgot is neither closed nor errored,
 * so the listener sends itself a notice every `heartbeatMs` through its own connection and, when
 * it has heard nothing for `silenceMs` (three beats unless said), drops it and connects again.
 * `now`: the clock, a test's own if it likes.
 */
export type HeartbeatOptions = { heartbeatMs: number; silenceMs?: number; now?: () => number };

export const defaultHeartbeatMs = 5000;

/** Only the kernel's probes of an idle socket: they keep a NAT's mapping; the heartbeat decides. */
const keepAliveDelayMs = 10_000;

/**
 * Calls `onPage` with each page published by any server, and `onConnected` on each connection
 * (the first included): the caller re-reads everything then. Reconnects after a second when the
 * connection drops or falls silent. Nothing to listen to on SQLite.
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
  options: HeartbeatOptions = { heartbeatMs: defaultHeartbeatMs },
): PublishedListener {
  if (database.kind !== "postgres") return { close: async () => {}, health: () => null };
  const now = options.now ?? Date.now;
  const silenceMs = options.silenceMs ?? options.heartbeatMs * 3;
  // A channel of its own: its beats reach this connection alone (lower-case hex: no quoting).
  const ownChannel = `site_edition_alive_${randomBytes(8).toString("hex")}`;
  const began = now();
  let heardAt: number | undefined;
  /** When the current connection was begun: it has its own `silenceMs` to be heard. */
  let attemptAt = began;
  let closed = false;
  let client: pg.Client | undefined;
  /** Gives up the current connection and connects again a second later. */
  let drop: (error: unknown) => void = () => {};
  let listening = false;
  let beating = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed) return;
    attemptAt = now();
    listening = false;
    beating = false;
    const current = new pg.Client({
      connectionString: database.url,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
      keepAliveInitialDelayMillis: keepAliveDelayMs,
    });
    client = current;
    const again = (error: unknown) => {
      if (closed || client !== current) return;
      client = undefined;
      handlers.onError(error);
      // A silent connection has its beats waiting on it: pg destroys its socket rather than wait.
      current.end().catch(() => {});
      retry = setTimeout(() => void connect(), 1000);
    };
    drop = again;
    current.on("error", again);
    current.on("end", () => again(new Error("connection ended")));
    current.on("notification", (message) => {
      if (client !== current) return;
      heardAt = now();
      if (message.channel === publishedChannel && message.payload) handlers.onPage(message.payload);
      if (message.channel === scheduledChannel) handlers.onScheduled?.();
    });
    try {
      await current.connect();
      await current.query(
        `LISTEN ${publishedChannel}; LISTEN ${scheduledChannel}; LISTEN ${ownChannel}`,
      );
      if (client !== current) return;
      heardAt = now();
      listening = true;
      handlers.onConnected();
    } catch (error) {
      again(error);
    }
  };

  const beat = () => {
    if (closed || client === undefined) return;
    const silent = now() - Math.max(heardAt ?? began, attemptAt);
    if (silent > silenceMs) {
      // The socket may stay open for ever: only this tells that nothing comes through.
      drop(new Error(`nothing heard for ${silent} ms`));
      return;
    }
    // One beat at a time: on a silent connection the first never returns, and none pile up.
    if (!listening || beating) return;
    beating = true;
    const current = client;
    current
      .query("SELECT pg_notify($1, '')", [ownChannel])
      .catch(() => {})
      .finally(() => {
        if (client === current) beating = false;
      });
  };
  const beats = setInterval(beat, options.heartbeatMs);
  void connect();
  return {
    async close() {
      closed = true;
      clearInterval(beats);
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
    health() {
      const silentMs = now() - (heardAt ?? began);
      return {
        lastHeardAt: heardAt === undefined ? null : new Date(heardAt),
        silentMs,
        silent: silentMs > silenceMs,
      };
    },
  };
}
