// A process reading the organisation's mailbox killed with SIGKILL mid-read (issue 46), on both
// stores, with Debian's Dovecot and the real registry's side (follow-ups, bounces, auto-replies,
// messages waiting): a fresh reader on the same store takes the lease over at once (the dead
// claimer is recognised) and finishes. Every message is then recorded exactly once, no
// follow-up registered twice, no delivery marked twice; every message moved to «Обработано»,
// byte for byte, none left in INBOX, none deleted. The child (mailbox-kill9-child.ts) says
// «processed N» after each message, before the batch's move: the kill waits for that line, so it
// lands after some messages were processed and not yet moved, however loaded the machine.
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { parseDatabaseUrl } from "../../server/config.ts";
import { type DataLayer, openDataLayer } from "../../server/db/data-layer.ts";
import { parseImapUrl } from "../../server/mail/inbound/imap-url.ts";
import { createMailboxReader, mailboxJob } from "../../server/mail/inbound/mailbox-reader.ts";
import {
  defaultReadLimits,
  processedFolder,
} from "../../server/mail/inbound/mailbox-reader-session.ts";
import { createProcessInbound } from "../../server/mail/inbound/process-inbound.ts";
import { inboundLimits } from "../../server/mail/inbound/register-mailbox-reader.ts";
import { type DovecotProcess, startDovecot } from "../support/dovecot-process.ts";
import { exited } from "../support/server-process.ts";
import { type TestDatabase, testDatabaseKinds } from "../support/test-databases.ts";
import {
  kindsOf,
  mailboxMix,
  mixReturnPath,
  seedAcknowledgedAppeals,
} from "./mailbox-kill9-mix.ts";

const messages = 300;
/** Killed after this many: mid-batch (batches are 50), its batch processed in part, not moved. */
const killAfter = 120;
const child = fileURLToPath(new URL("./mailbox-kill9-child.ts", import.meta.url));
const sha = (raw: Buffer) => createHash("sha256").update(raw).digest("hex");

/** Starts the child; `line` resolves on its first line matching, rejects if it ends first. */
function readingChild(env: Record<string, string>) {
  const running: ChildProcess = spawn(process.execPath, [child], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const waiters: {
    pattern: RegExp;
    resolve: (line: string) => void;
    reject: (e: Error) => void;
  }[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      const line = output.split("\n").find((candidate) => waiter.pattern.test(candidate));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  };
  running.stdout?.on("data", (chunk) => {
    output += chunk;
    check();
  });
  running.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  running.once("exit", () => {
    for (const waiter of waiters.splice(0)) {
      waiter.reject(new Error(`the child ended before ${waiter.pattern}:\n${output}`));
    }
  });
  return {
    running,
    output: () => output,
    line: (pattern: RegExp) =>
      new Promise<string>((resolve, reject) => {
        waiters.push({ pattern, resolve, reject });
        check();
      }),
  };
}

for (const kind of testDatabaseKinds) {
  describe(`a mailbox reader killed with SIGKILL mid-read, on ${kind.name}`, () => {
    let database: TestDatabase;
    let data: DataLayer;
    let dovecot: DovecotProcess;
    before(async () => {
      database = await kind.create();
      data = await openDataLayer(parseDatabaseUrl(database.url));
      dovecot = await startDovecot(["priemnaya"]);
    });
    after(async () => {
      await dovecot?.stop();
      await data?.close();
      await database?.drop();
    });

    test(`${messages} messages: each recorded once, follow-ups and bounces once, all moved, none deleted`, async (t) => {
      t.after(() => t.diagnostic(dovecot.log().slice(-4000)));
      const appeals = await seedAcknowledgedAppeals(data, Math.ceil(messages / 4));
      const mix = await mailboxMix(appeals, messages);
      const kinds = kindsOf(mix);
      await dovecot.append(
        "priemnaya",
        mix.map((message) => message.raw),
      );
      const imapUrl = dovecot.imapUrl("priemnaya");

      const reading = readingChild({ DATABASE_URL: database.url, IMAP_URL: imapUrl });
      t.after(() => t.diagnostic(reading.output().slice(-2000)));
      const claimer = (await reading.line(/^claimer /)).slice("claimer ".length);
      await reading.line(new RegExp(`^processed ${killAfter}$`));
      reading.running.kill("SIGKILL");
      await exited(reading.running);
      assert.equal(reading.running.signalCode, "SIGKILL");
      const left = await dovecot.count("priemnaya", "INBOX");
      assert.ok(left > 0 && left < messages, `killed mid-read: ${left} left in INBOX`);
      assert.equal((await data.jobLeases.read(mailboxJob))?.owner, claimer, "its lease unexpired");

      // A fresh reader, as the restarted server's: the dead claimer's lease is taken at once.
      const fresh = createMailboxReader({
        url: parseImapUrl(imapUrl),
        data,
        process: createProcessInbound({ data, limits: inboundLimits, returnPath: mixReturnPath }),
        limits: { ...defaultReadLimits, maxMessageBytes: inboundLimits.maxMessageBytes },
        log: { info() {}, warn() {} },
      });
      t.after(() => fresh.stop());
      const outcome = await fresh.readOnce();
      assert.equal(outcome.kind, "read", JSON.stringify(outcome));
      const counts = outcome.kind === "read" ? outcome.counts : {};
      const readAgain = Object.values(counts).reduce((sum, count) => sum + count, 0);
      assert.equal(readAgain, left, "the fresh reader read what was left");
      assert.ok(
        (counts["already-read"] ?? 0) > 0,
        `some processed before the kill were not yet moved: ${JSON.stringify(counts)}`,
      );

      const count = async (sql: string) =>
        Number((await data.transaction((tx) => tx.all(sql)))[0]?.n ?? Number.NaN);
      assert.equal(await count("SELECT COUNT(*) AS n FROM inbound_messages"), messages);
      assert.equal(
        await count("SELECT COUNT(DISTINCT sha256) AS n FROM inbound_messages"),
        messages,
      );
      assert.deepEqual(
        {
          followUps: await count(
            "SELECT COUNT(*) AS n FROM appeals WHERE follow_up_of IS NOT NULL",
          ),
          distinctFirsts: await count(
            "SELECT COUNT(DISTINCT follow_up_of) AS n FROM appeals WHERE follow_up_of IS NOT NULL",
          ),
          bounced: await count("SELECT COUNT(*) AS n FROM deliveries WHERE bounce = 'permanent'"),
          autoReplies: await count(
            "SELECT COUNT(*) AS n FROM inbound_messages WHERE kind = 'auto-reply'",
          ),
          waiting: await data.jobLeases.waitingInboundMessages(),
        },
        {
          followUps: kinds.reply,
          distinctFirsts: kinds.reply,
          bounced: kinds.bounce,
          autoReplies: kinds["auto-reply"],
          waiting: kinds.unmatched,
        },
      );
      // The history says «не доставлено» once per bounced mail.
      assert.equal(
        await count("SELECT COUNT(*) AS n FROM staff_audit WHERE action = 'mail-bounced'"),
        kinds.bounce,
      );

      assert.equal(await dovecot.count("priemnaya", "INBOX"), 0, "none left");
      const moved = await dovecot.list("priemnaya", processedFolder);
      assert.deepEqual(
        moved.map((message) => sha(message.raw)).sort(),
        mix.map((message) => sha(message.raw)).sort(),
        "every message moved, byte for byte, once: none deleted, none copied twice",
      );
    });
  });
}
