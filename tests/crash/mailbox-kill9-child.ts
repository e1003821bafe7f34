// The child of mailbox-kill9.test.ts: reads the mailbox IMAP_URL names into the store
// DATABASE_URL names, with the real reader and the real registry's side, and says on standard
// output «processed N» after each message it has processed (before that message is moved), so
// the test kills it mid-read at a known point:
//   DATABASE_URL=… IMAP_URL=… node tests/crash/mailbox-kill9-child.ts
import { parseDatabaseUrl } from "../../server/config.ts";
import { openDataLayer } from "../../server/db/data-layer.ts";
import { parseImapUrl } from "../../server/mail/inbound/imap-url.ts";
import type { ProcessInbound } from "../../server/mail/inbound/inbound-types.ts";
import { createMailboxReader } from "../../server/mail/inbound/mailbox-reader.ts";
import { defaultReadLimits } from "../../server/mail/inbound/mailbox-reader-session.ts";
import { createProcessInbound } from "../../server/mail/inbound/process-inbound.ts";
import { inboundLimits } from "../../server/mail/inbound/register-mailbox-reader.ts";
import { mixReturnPath } from "./mailbox-kill9-mix.ts";

const data = await openDataLayer(parseDatabaseUrl(process.env.DATABASE_URL ?? ""));
const say = (line: string) => process.stdout.write(`${line}\n`);
const processInbound = createProcessInbound({
  data,
  limits: inboundLimits,
  returnPath: mixReturnPath,
});
let processed = 0;
const told: ProcessInbound = async (raw, readAt) => {
  const outcome = await processInbound(raw, readAt);
  processed += 1;
  say(`processed ${processed}`);
  return outcome;
};
const reader = createMailboxReader({
  url: parseImapUrl(process.env.IMAP_URL ?? ""),
  data,
  process: told,
  limits: { ...defaultReadLimits, maxMessageBytes: inboundLimits.maxMessageBytes },
  log: { info() {}, warn: (fields) => say(`warn ${JSON.stringify(fields)}`) },
});
say(`claimer ${reader.claimer}`);
const outcome = await reader.readOnce();
say(`read ${JSON.stringify(outcome)}`);
await reader.stop();
await data.close();
