/**
 * One IMAP connection of the mailbox reader (issue 46): reads every message of the folder in UID
 * order, hands each to `ProcessInbound`, and moves those processed to «Обработано» a batch at a
 * time. Nothing is ever deleted: a message leaves the folder only by MOVE (or, on a server
 * without MOVE, imapflow's COPY then expunge of the copied one). A kill between processing and
 * the move costs nothing but the move: the message's SHA-256 is recorded with it, so reading it
 * again does nothing but move it.
 *
 * Between reads the connection waits in IDLE: a new message wakes the reader within seconds.
 */
import { ImapFlow } from "imapflow";
import type { ImapUrl } from "./imap-url.ts";
import type { InboundOutcome, ProcessInbound } from "./inbound-types.ts";

/** Where processed messages go (created when missing; imapflow writes it in modified UTF-7). */
export const processedFolder = "Обработано";

export type ReadLimits = {
  /**
   * A message larger than this is not downloaded whole: its first `maxMessageBytes + 1` bytes
   * (the headers and the start) go to `ProcessInbound`, which sets it aside as too large.
   */
  maxMessageBytes: number;
  /** Messages fetched, processed and moved together (the most repeated after a kill). */
  batchMessages: number;
  /** Bytes of messages fetched together, at most (one larger message is fetched alone). */
  batchBytes: number;
};

export const defaultReadLimits: Omit<ReadLimits, "maxMessageBytes"> = {
  batchMessages: 50,
  batchBytes: 32 * 1024 * 1024,
};

/** What one read did: messages per outcome. */
export type ReadCounts = Partial<Record<InboundOutcome, number>>;

export type MailboxSession = {
  /** Reads the folder to the end; stops early (between batches) once `keepGoing` says so. */
  readAll(keepGoing: () => boolean): Promise<ReadCounts>;
  /** Waits in IDLE until the folder changes, the connection closes, `ms` pass or `signal` aborts. */
  waitForNews(ms: number, signal: AbortSignal): Promise<void>;
  /** False once the server or the network closed the connection. */
  usable(): boolean;
  close(): Promise<void>;
};

export async function openMailboxSession(
  url: ImapUrl,
  deps: { process: ProcessInbound; limits: ReadLimits; now: () => Date },
): Promise<MailboxSession> {
  const client = new ImapFlow({
    host: url.host,
    port: url.port,
    secure: url.secure,
    auth: { user: url.user, pass: url.password },
    // imapflow's log would carry the mailbox's addresses and subjects: none of it is kept.
    logger: false,
    // IDLE only where the reader waits for news, never in the middle of a read.
    disableAutoIdle: true,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
  });
  let closed = false;
  client.on("close", () => {
    closed = true;
  });
  // A socket's error also closes it: the reader sees `usable()` turn false and connects again.
  client.on("error", () => {
    closed = true;
  });
  await client.connect();
  let folderReady = false;

  async function ensureProcessedFolder() {
    if (folderReady) return;
    // ALREADYEXISTS answers `created: false`; any other refusal throws.
    await client.mailboxCreate(processedFolder);
    folderReady = true;
  }

  /** Reads, processes and moves one batch; how many it processed. */
  async function readBatch(batch: { uid: number; size: number }[], counts: ReadCounts) {
    const whole = batch.filter((message) => message.size <= deps.limits.maxMessageBytes);
    const sources = new Map<number, Buffer>();
    if (whole.length > 0) {
      const range = whole.map((message) => message.uid).join(",");
      for (const message of await client.fetchAll(
        range,
        { uid: true, source: true },
        { uid: true },
      )) {
        if (message.source) sources.set(message.uid, message.source);
      }
    }
    for (const message of batch.filter((entry) => !whole.includes(entry))) {
      const start = await client.fetchOne(
        String(message.uid),
        { uid: true, source: { start: 0, maxLength: deps.limits.maxMessageBytes + 1 } },
        { uid: true },
      );
      if (start !== false && start.source) sources.set(message.uid, start.source);
    }
    const processed: number[] = [];
    let failure: { error: unknown } | undefined;
    for (const { uid } of batch) {
      const raw = sources.get(uid);
      // Expunged by someone else between the listing and the fetch: nothing to read.
      if (raw === undefined) continue;
      try {
        const outcome = await deps.process(raw, deps.now());
        counts[outcome] = (counts[outcome] ?? 0) + 1;
        processed.push(uid);
      } catch (error) {
        failure = { error };
        break;
      }
    }
    // Those processed before a failure (the store down) go too: they are recorded.
    if (processed.length > 0) {
      const moved = await client.messageMove(processed.join(","), processedFolder, { uid: true });
      // Refused (no right to the folder, …): a failure, not a loop reading them again.
      if (!moved) throw Object.assign(new Error("MOVE refused"), { code: "MoveRefused" });
    }
    if (failure) throw failure.error;
    return processed.length;
  }

  return {
    async readAll(keepGoing) {
      const counts: ReadCounts = {};
      const lock = await client.getMailboxLock(url.folder);
      try {
        await ensureProcessedFolder();
        // Until the folder is empty: a message that came during a pass is read by the next.
        while (keepGoing()) {
          // The folder stays selected between reads: NOOP brings the server's news of it first.
          await client.noop();
          if (client.mailbox === false || client.mailbox.exists === 0) break;
          const listing = await client.fetchAll("1:*", { uid: true, size: true });
          const messages = listing
            .map((message) => ({ uid: message.uid, size: message.size ?? 0 }))
            .sort((a, b) => a.uid - b.uid);
          let read = 0;
          for (const batch of batches(messages, deps.limits)) {
            if (!keepGoing()) break;
            read += await readBatch(batch, counts);
          }
          // All listed were gone by the fetch (expunged by someone else): nothing to go on with.
          if (read === 0) break;
        }
        return counts;
      } finally {
        lock.release();
      }
    },

    waitForNews(ms, signal) {
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          client.off("exists", done);
          client.off("close", done);
          signal.removeEventListener("abort", done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        // Closed, stopped, or news that came at the end of the read: no waiting.
        const waiting = client.mailbox !== false && client.mailbox.exists > 0;
        if (closed || signal.aborted || waiting) return done();
        client.on("exists", done);
        client.on("close", done);
        signal.addEventListener("abort", done);
        // The folder stays selected after a read; IDLE ends by itself at the next command.
        if (client.capabilities.has("IDLE")) client.idle().catch(() => {});
      });
    },

    usable: () => !closed && client.usable,

    async close() {
      if (closed) return;
      await client.logout().catch(() => client.close());
    },
  };
}

/** The messages in groups of at most `batchMessages` and `batchBytes` (a larger one alone). */
function batches<T extends { size: number }>(
  messages: readonly T[],
  limits: Pick<ReadLimits, "batchMessages" | "batchBytes">,
): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const message of messages) {
    const over = current.length >= limits.batchMessages || bytes + message.size > limits.batchBytes;
    if (current.length > 0 && over) {
      groups.push(current);
      current = [];
      bytes = 0;
    }
    current.push(message);
    bytes += message.size;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}
