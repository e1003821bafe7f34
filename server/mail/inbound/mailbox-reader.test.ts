// The mailbox reader against a real IMAP server (Debian's Dovecot, started here on a free port)
// on both stores: each message read once, in UID order, and moved to «Обработано», nothing
// deleted; a message over the size limit not downloaded whole; one reader at a time by the
// lease; a new message read within seconds by IDLE; a lost connection reported on /healthz's
// terms (unreachable) and recovered from. The registry's side is a small recording
// `ProcessInbound` here (the store's unique SHA-256, as the real one keeps it); the real one
// over a few hundred messages and a kill -9 is tests/crash/mailbox-kill9.test.ts.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { type DovecotProcess, startDovecot } from "../../../tests/support/dovecot-process.ts";
import { testSite } from "../../../tests/support/test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../../../tests/support/test-databases.ts";
import { waitUntil } from "../../../tests/support/wait-until.ts";
import { buildApp } from "../../app.ts";
import { parseDatabaseUrl } from "../../config.ts";
import { type DataLayer, openDataLayer } from "../../db/data-layer.ts";
import { parseImapUrl } from "./imap-url.ts";
import type { InboundOutcome, ProcessInbound } from "./inbound-types.ts";
import {
  createMailboxReader,
  type MailboxReader,
  mailboxJob,
  type ReadOutcome,
} from "./mailbox-reader.ts";
import { mailboxHealth } from "./mailbox-reader-health.ts";
import { processedFolder } from "./mailbox-reader-session.ts";

const maxMessageBytes = 4096;
const limits = { maxMessageBytes, batchMessages: 3, batchBytes: 1024 * 1024 };
const quiet = { info() {}, warn() {} };

const message = (n: number, body = `Текст письма ${n}.`) =>
  Buffer.from(
    `From: Гражданин ${n} <citizen${n}@example.ru>\r\nTo: priem@example.ru\r\nSubject: =?UTF-8?B?${Buffer.from(`Письмо ${n}`).toString("base64")}?=\r\nMessage-ID: <m${n}@example.ru>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
  );

/**
 * The registry's side, small: records each message's SHA-256 in inbound_messages (unique, as
 * the real one does) in one transaction, and what it was given, in order.
 */
function recordingProcess(data: DataLayer) {
  const given: Buffer[] = [];
  const process: ProcessInbound = async (raw, readAt): Promise<InboundOutcome> => {
    given.push(raw);
    const sha256 = createHash("sha256").update(raw).digest("hex");
    return data.transaction(async (tx) => {
      const [seen] = await tx.all("SELECT id FROM inbound_messages WHERE sha256 = ?", [sha256]);
      if (seen) return "already-read";
      await tx.run(
        "INSERT INTO inbound_messages (sha256, read_at, kind, state, byte_size) VALUES (?, ?, 'unmatched', 'waiting', ?)",
        [sha256, readAt.toISOString(), raw.length],
      );
      return "waiting";
    });
  };
  return { given, process };
}

for (const kind of testDatabaseKinds) {
  describe(`the mailbox reader on ${kind.name}`, () => {
    let database: TestDatabase;
    let data: DataLayer;
    let dovecot: DovecotProcess;
    const readers: MailboxReader[] = [];
    const reader = (
      user: string,
      process: ProcessInbound,
      pollEveryMs = 60_000,
      onRead?: (outcome: ReadOutcome) => void,
    ) => {
      const created = createMailboxReader({
        url: parseImapUrl(dovecot.imapUrl(user)),
        data,
        process,
        limits,
        log: quiet,
        pollEveryMs,
        ...(onRead ? { onRead } : {}),
      });
      readers.push(created);
      return created;
    };
    const stored = async () =>
      Number(
        (await data.transaction((tx) => tx.all("SELECT COUNT(*) AS n FROM inbound_messages")))[0]
          ?.n,
      );

    before(async () => {
      database = await kind.create();
      data = await openDataLayer(parseDatabaseUrl(database.url));
      dovecot = await startDovecot(["first", "second", "third", "fourth", "app"]);
    });
    after(async () => {
      for (const each of readers) await each.stop();
      await dovecot?.stop();
      await data?.close();
      await database?.drop();
    });

    test("each message is processed once, in order, and moved to «Обработано»; none deleted", async (t) => {
      t.after(() => t.diagnostic(dovecot.log()));
      const messages = [1, 2, 3, 4, 5, 6, 7].map((n) => message(n));
      // Over the limit: only its first maxMessageBytes + 1 bytes are fetched.
      const large = message(8, "x".repeat(maxMessageBytes * 3));
      await dovecot.append("first", [...messages, large]);
      const { given, process } = recordingProcess(data);
      const first = reader("first", process);
      assert.deepEqual(await first.readOnce(), { kind: "read", counts: { waiting: 8 } });
      assert.deepEqual(given.slice(0, 7), messages, "whole, as appended, in UID order");
      assert.deepEqual(given[7], large.subarray(0, maxMessageBytes + 1));
      assert.equal(await dovecot.count("first", "INBOX"), 0);
      const moved = await dovecot.list("first", processedFolder);
      assert.deepEqual(
        moved.map((entry) => entry.raw),
        [...messages, large],
        "all moved, whole, none lost",
      );
      assert.deepEqual(await first.readOnce(), { kind: "read", counts: {} }, "nothing read twice");
      // Put back by hand (or left by a kill before the move): recognised and only moved.
      await dovecot.append("first", messages[2] ?? Buffer.alloc(0));
      assert.deepEqual(await first.readOnce(), { kind: "read", counts: { "already-read": 1 } });
      assert.equal(await dovecot.count("first", "INBOX"), 0);
      assert.equal(await dovecot.count("first", processedFolder), 9);
      assert.equal(await stored(), 8);
      const lease = await data.jobLeases.read(mailboxJob);
      assert.equal(lease?.owner, first.claimer);
      assert.ok(lease?.lastSuccessAt, "the read recorded");
      await first.stop();
      assert.equal((await data.jobLeases.read(mailboxJob))?.leaseUntil, null, "released");
    });

    test("a second reader does not read while the first holds the lease", async () => {
      const one = recordingProcess(data);
      const two = recordingProcess(data);
      const holder = reader("second", one.process);
      const other = reader("second", two.process);
      assert.equal((await holder.readOnce()).kind, "read");
      await dovecot.append("second", [message(21), message(22)]);
      assert.deepEqual(await other.readOnce(), { kind: "claimed-elsewhere" });
      assert.equal(await dovecot.count("second", "INBOX"), 2, "left for the holder");
      assert.deepEqual(await holder.readOnce(), { kind: "read", counts: { waiting: 2 } });
      await dovecot.append("second", message(23));
      await holder.stop();
      assert.deepEqual(await other.readOnce(), { kind: "read", counts: { waiting: 1 } });
      assert.deepEqual([one.given.length, two.given.length], [2, 1]);
      await other.stop();
    });

    test("a new message is read within seconds by IDLE, not at the next minute's poll", async () => {
      const { given, process } = recordingProcess(data);
      const reads: ReadOutcome[] = [];
      const idle = reader("third", process, 10 * 60_000, (outcome) => reads.push(outcome));
      idle.start();
      await waitUntil("the first (empty) read", () => reads.length === 1, 5000);
      assert.deepEqual(reads, [{ kind: "read", counts: {} }]);
      const sent = Date.now();
      await dovecot.append("third", message(31));
      await waitUntil("the message read", () => given.length === 1, 10_000);
      assert.ok(Date.now() - sent < 10_000);
      await waitUntil(
        "it moved",
        async () => (await dovecot.count("third", processedFolder)) === 1,
        5000,
      );
      await idle.stop();
    });

    test("a lost connection: unreachable meanwhile, then read again once the server is back", async (t) => {
      t.after(() => t.diagnostic(dovecot.log()));
      const { given, process } = recordingProcess(data);
      const polling = reader("fourth", process, 200);
      polling.start();
      await waitUntil(
        "a first read",
        async () => (await mailboxHealth(data, true)).reachable === true,
        5000,
      );
      await dovecot.pause();
      const down = await waitUntil(
        "the mailbox reported unreachable",
        async () => {
          const health = await mailboxHealth(data, true);
          return health.reachable === false && health;
        },
        10_000,
      );
      assert.ok(down.lastFailureAt, "the failure's moment");
      assert.match(
        (await data.jobLeases.read(mailboxJob))?.lastError ?? "",
        /^\w+( \w+)?$/,
        "an error's name and code only",
      );
      await dovecot.start();
      await dovecot.append("fourth", message(41));
      await waitUntil("the message read after the restart", () => given.length === 1, 10_000);
      await waitUntil(
        "reachable again",
        async () => (await mailboxHealth(data, true)).reachable === true,
        5000,
      );
      assert.equal(await dovecot.count("fourth", "INBOX"), 0);
      await polling.stop();
    });

    test("the app reads with IMAP_URL set; /healthz stays 200 and tells, as /metrics does, when the mailbox is away", async (t) => {
      t.after(() => t.diagnostic(dovecot.log()));
      const imap = parseImapUrl(dovecot.imapUrl("app"));
      const waitingBefore = await data.jobLeases.waitingInboundMessages();
      const app = buildApp({
        config: { logLevel: "silent", imap, reminderTime: null, purgeTime: null },
        data,
        site: testSite,
      });
      t.after(() => app.close());
      await app.ready();
      const healthz = async () => {
        const response = await app.inject({ url: "/healthz" });
        assert.equal(response.statusCode, 200, "a mailbox problem is not the site's outage");
        return response.json().mailbox;
      };
      const scrape = async () => (await app.inject({ url: "/metrics" })).body;
      // Two messages no appeal matches: the real registry's side keeps them for a registrar.
      await dovecot.append("app", [message(51), message(52)]);
      const read = await waitUntil(
        "both read and waiting",
        async () => {
          const mailbox = await healthz();
          return mailbox.waiting === waitingBefore + 2 && mailbox;
        },
        10_000,
      );
      assert.equal(read.reading, "on");
      assert.equal(read.reachable, true);
      assert.ok(read.lastReadAgeSeconds >= 0 && read.lastReadAgeSeconds < 60);
      await waitUntil(
        "both moved",
        async () => (await dovecot.count("app", processedFolder)) === 2,
        5000,
      );
      const metrics = await scrape();
      assert.match(metrics, /^mailbox_reading 1$/m);
      assert.match(metrics, /^mailbox_reachable 1$/m);
      assert.match(metrics, new RegExp(`^mailbox_waiting_messages ${waitingBefore + 2}$`, "m"));
      assert.match(metrics, /^mailbox_messages_read_total\{outcome="waiting"\} 2$/m);
      assert.match(metrics, /^mailbox_last_read_age_seconds \d/m);
      assert.doesNotMatch(metrics, /citizen5|example\.ru|Письмо/, "nothing of a message");

      await dovecot.pause();
      const away = await waitUntil(
        "the mailbox reported unreachable",
        async () => {
          const mailbox = await healthz();
          return mailbox.reachable === false && mailbox;
        },
        10_000,
      );
      assert.ok(away.lastReadAt >= read.lastReadAt, "the last read stays told");
      assert.ok(away.lastFailureAt > away.lastReadAt);
      assert.match(await scrape(), /^mailbox_reachable 0$/m);
      await dovecot.start();
    });
  });
}
