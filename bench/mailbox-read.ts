// `npm run bench:mailbox`: a thousand messages in the organisation's mailbox read in under a
// minute, each once (issue 46). Debian's Dovecot is started on a free port with two mailboxes
// holding the same mix (tests/crash/mailbox-kill9-mix.ts: replies to acknowledgements, some
// with a PDF; Postfix DSNs to the acknowledgements' VERP addresses; out-of-office replies;
// messages no appeal matches). Read on SQLite by the real reader and the real registry's side,
// timed; the baseline, in the same run, is the same reader fetching and moving the other
// mailbox's copy without processing (the IMAP part alone). Prints both, the messages per second
// and the ratio; exits 1 when a message was not read exactly once or the read took a minute.
// Usage: npm run bench:mailbox [-- --messages 1000]
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { parseDatabaseUrl } from "../server/config.ts";
import { type DataLayer, openDataLayer } from "../server/db/data-layer.ts";
import { parseImapUrl } from "../server/mail/inbound/imap-url.ts";
import type { ProcessInbound } from "../server/mail/inbound/inbound-types.ts";
import { createMailboxReader, type ReadOutcome } from "../server/mail/inbound/mailbox-reader.ts";
import {
  defaultReadLimits,
  processedFolder,
} from "../server/mail/inbound/mailbox-reader-session.ts";
import { createProcessInbound } from "../server/mail/inbound/process-inbound.ts";
import { inboundLimits } from "../server/mail/inbound/register-mailbox-reader.ts";
import {
  kindsOf,
  mailboxMix,
  mixReturnPath,
  seedAcknowledgedAppeals,
} from "../tests/crash/mailbox-kill9-mix.ts";
import { startDovecot } from "../tests/support/dovecot-process.ts";
import { createSqliteDatabase } from "../tests/support/test-databases.ts";

const { values } = parseArgs({ options: { messages: { type: "string", default: "1000" } } });
const messages = Number(values.messages);
const limitSeconds = 60;

const database = await createSqliteDatabase();
const data = await openDataLayer(parseDatabaseUrl(database.url));
const dovecot = await startDovecot(["baseline", "priemnaya"]);
const problems: string[] = [];

/** One read of `user`'s mailbox by a fresh reader: its time and what it did. */
async function timedRead(user: string, process: ProcessInbound, store: DataLayer) {
  const reader = createMailboxReader({
    url: parseImapUrl(dovecot.imapUrl(user)),
    data: store,
    process,
    limits: { ...defaultReadLimits, maxMessageBytes: inboundLimits.maxMessageBytes },
    log: { info() {}, warn: (fields) => console.error("reader:", fields) },
  });
  const started = performance.now();
  const outcome: ReadOutcome = await reader.readOnce();
  const seconds = (performance.now() - started) / 1000;
  await reader.stop();
  if (outcome.kind !== "read") throw new Error(`${user}: not read: ${JSON.stringify(outcome)}`);
  return { seconds, counts: outcome.counts };
}

const count = async (sql: string) =>
  Number((await data.transaction((tx) => tx.all(sql)))[0]?.n ?? Number.NaN);

try {
  const seedStarted = performance.now();
  const appeals = await seedAcknowledgedAppeals(data, Math.ceil(messages / 4));
  const mix = await mailboxMix(appeals, messages);
  const kinds = kindsOf(mix);
  const raws = mix.map((message) => message.raw);
  await dovecot.append("baseline", raws);
  await dovecot.append("priemnaya", raws);
  const megabytes = raws.reduce((sum, raw) => sum + raw.length, 0) / 1024 / 1024;
  console.log(
    `${messages} messages (${megabytes.toFixed(1)} MB: ${JSON.stringify(kinds)}), ${appeals.length} appeals; prepared in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  // The IMAP part alone: listed, fetched, moved; nothing parsed or stored.
  const baseline = await timedRead("baseline", async () => "waiting", data);
  const real = await timedRead(
    "priemnaya",
    createProcessInbound({ data, limits: inboundLimits, returnPath: mixReturnPath }),
    data,
  );

  const expected = {
    "follow-up": kinds.reply,
    bounce: kinds.bounce,
    "auto-reply": kinds["auto-reply"],
    waiting: kinds.unmatched,
  };
  const sorted = (counts: object) => JSON.stringify(Object.entries(counts).sort());
  if (sorted(real.counts) !== sorted(expected)) {
    problems.push(`outcomes ${JSON.stringify(real.counts)}, expected ${JSON.stringify(expected)}`);
  }
  const recorded = await count("SELECT COUNT(DISTINCT sha256) AS n FROM inbound_messages");
  const rows = await count("SELECT COUNT(*) AS n FROM inbound_messages");
  const followUps = await count("SELECT COUNT(*) AS n FROM appeals WHERE follow_up_of IS NOT NULL");
  if (recorded !== messages || rows !== messages) {
    problems.push(`${rows} messages recorded (${recorded} distinct), expected ${messages}`);
  }
  if (followUps !== kinds.reply) problems.push(`${followUps} follow-ups, expected ${kinds.reply}`);
  for (const user of ["baseline", "priemnaya"]) {
    const [left, moved] = [
      await dovecot.count(user, "INBOX"),
      await dovecot.count(user, processedFolder),
    ];
    if (left !== 0 || moved !== messages) {
      problems.push(`${user}: ${left} left in INBOX, ${moved} in «${processedFolder}»`);
    }
  }
  if (real.seconds >= limitSeconds) {
    problems.push(`the read took ${real.seconds.toFixed(1)} s: over a minute`);
  }

  const rate = (seconds: number) => (messages / seconds).toFixed(0);
  console.log(
    `baseline (IMAP fetch + move only): ${baseline.seconds.toFixed(2)} s, ${rate(baseline.seconds)} messages/s`,
  );
  console.log(
    `read into the registry (SQLite):   ${real.seconds.toFixed(2)} s, ${rate(real.seconds)} messages/s; ${JSON.stringify(real.counts)}`,
  );
  console.log(
    `ratio: ${(real.seconds / baseline.seconds).toFixed(1)}× the baseline's time; each message read once: ${problems.length === 0 ? "yes" : "NO"}`,
  );
} finally {
  await dovecot.stop();
  await data.close();
  await database.drop();
}
if (problems.length > 0) {
  console.error(`bench:mailbox failed:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
