/**
 * The organisation's mailbox read into the registry (issue 46), by one server at a time. The
 * server whose claim of the lease 'mailbox' goes in (job_leases) connects and reads; it renews the
 * lease while it holds it, and the others keep trying to claim it each minute, so when its server
 * stops or dies another takes over (at once after a kill on the same machine: the dead claimer is
 * recognised; after the two-minute lease otherwise). A read runs on every minute, and at once when
 * IDLE tells of a new message. Every read records its success or failure in the lease's row (an
 * error's name and code only), which /healthz and /metrics tell.
 */

import type { JobLeasesRepository } from "../../db/job-leases-repository.ts";
import { claimerIsGone, newClaimerId } from "../../scheduled-jobs/claimer.ts";
import type { ImapUrl } from "./imap-url.ts";
import type { ProcessInbound } from "./inbound-types.ts";
import {
  type MailboxSession,
  openMailboxSession,
  type ReadCounts,
  type ReadLimits,
} from "./mailbox-reader-session.ts";

export const mailboxJob = "mailbox";

/** The lease's length; renewed every quarter of it while held. */
const mailboxLeaseMs = 2 * 60_000;

/** What one turn of the reader did. */
export type ReadOutcome =
  | { kind: "read"; counts: ReadCounts }
  | { kind: "claimed-elsewhere" }
  | { kind: "failed"; error: string };

/** Where the reader tells what it does; never a message's content or the mailbox's password. */
export type ReaderLog = {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
};

export type MailboxReader = {
  /** Claims the lease (or finds it held elsewhere), then reads the folder to the end. */
  readOnce(): Promise<ReadOutcome>;
  /** Reads now and then on every minute or news, until `stop`. */
  start(): void;
  /** Ends the read under way after its batch, logs out and gives the lease up. */
  stop(): Promise<void>;
  /** This reader's claimer id (the lease's owner while it holds it). */
  claimer: string;
};

export function createMailboxReader(deps: {
  url: ImapUrl;
  data: { jobLeases: JobLeasesRepository };
  process: ProcessInbound;
  limits: ReadLimits;
  log: ReaderLog;
  /** Between reads when IDLE brings no news; a minute by default. */
  pollEveryMs?: number;
  leaseMs?: number;
  claimer?: string;
  now?: () => Date;
  /** Told after each turn: the benchmark's and tests' hook, never a log of content. */
  onRead?: (outcome: ReadOutcome) => void;
}): MailboxReader {
  const now = deps.now ?? (() => new Date());
  const leases = deps.data.jobLeases;
  const claimer = deps.claimer ?? newClaimerId();
  const leaseMs = deps.leaseMs ?? mailboxLeaseMs;
  const pollEveryMs = deps.pollEveryMs ?? 60_000;
  let session: MailboxSession | undefined;
  let holding = false;
  let stopping = false;
  let renewal: ReturnType<typeof setInterval> | undefined;
  let loop: Promise<void> | undefined;
  const stopSignal = new AbortController();

  async function closeSession() {
    const open = session;
    session = undefined;
    await open?.close().catch(() => {});
  }

  function keepRenewing() {
    if (renewal) return;
    renewal = setInterval(() => {
      leases
        .renew(mailboxJob, claimer, now(), leaseMs)
        .then((still) => {
          // Taken over (this server was too slow to renew): the other reads from now on.
          if (!still) loseLease();
        })
        .catch(() => {});
    }, leaseMs / 4);
    renewal.unref();
  }

  function loseLease() {
    holding = false;
    clearInterval(renewal);
    renewal = undefined;
    void closeSession();
  }

  async function claim(): Promise<boolean> {
    const lease = await leases.read(mailboxJob);
    const dead = lease?.owner && claimerIsGone(lease.owner) ? lease.owner : null;
    const claimed = await leases.claim(mailboxJob, claimer, now(), leaseMs, dead);
    if (!claimed) {
      if (holding) loseLease();
      return false;
    }
    if (!holding)
      deps.log.info({ job: mailboxJob }, "mailbox reader: this server reads the mailbox");
    holding = true;
    keepRenewing();
    return true;
  }

  async function readOnce(): Promise<ReadOutcome> {
    if (!(await claim())) return { kind: "claimed-elsewhere" };
    try {
      if (!session?.usable()) {
        await closeSession();
        session = await openMailboxSession(deps.url, {
          process: deps.process,
          limits: deps.limits,
          now,
        });
      }
      const counts = await session.readAll(() => holding && !stopping);
      await leases.succeeded(mailboxJob, claimer, now());
      return { kind: "read", counts };
    } catch (error) {
      const described = nameAndCode(error);
      await closeSession();
      await leases.failed(mailboxJob, claimer, now(), described).catch(() => {});
      deps.log.warn({ job: mailboxJob, error: described }, "mailbox not read; tried again");
      return { kind: "failed", error: described };
    }
  }

  async function run() {
    while (!stopping) {
      const outcome = await readOnce().catch(
        (error): ReadOutcome => ({ kind: "failed", error: nameAndCode(error) }),
      );
      deps.onRead?.(outcome);
      if (stopping) break;
      if (outcome.kind === "read" && session?.usable()) {
        await session.waitForNews(pollEveryMs, stopSignal.signal);
      } else {
        await pause(pollEveryMs, stopSignal.signal);
      }
    }
  }

  return {
    claimer,
    readOnce,
    start() {
      loop ??= run();
    },
    async stop() {
      stopping = true;
      stopSignal.abort();
      await loop;
      clearInterval(renewal);
      renewal = undefined;
      await closeSession();
      if (holding) await leases.release(mailboxJob, claimer).catch(() => {});
      holding = false;
    },
  };
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done);
  });
}

/** What of a failure is recorded and logged: its name and code (no address, no content). */
function nameAndCode(error: unknown): string {
  const { name, code } = (error ?? {}) as Error & { code?: unknown };
  return code === undefined ? String(name) : `${String(name)} ${String(code)}`;
}
