// For tests: a real SMTP server in the test process (smtp-server), keeping what it receives parsed
// (postal-mime). It can be stopped and started again on the same port to play an outage.
import { once } from "node:events";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import PostalMime, { type Email } from "postal-mime";
import { SMTPServer } from "smtp-server";
import type { MailConfig } from "../../server/mail/mail-config.ts";

/** `envelopeFrom`: the SMTP envelope's sender (MAIL FROM), empty for a null sender. */
export type ReceivedMail = Email & { envelopeTo: string[]; envelopeFrom: string };

export type TestSmtpServer = {
  port: number;
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** What arrived, in order (with `onlyTo`, only the mails to those addresses). */
  received: ReceivedMail[];
  /** How many SMTP connections clients opened, in all. */
  readonly connections: number;
  /** The most mails that were being handed over at one moment. */
  readonly mostAtOnce: number;
  /** Accepts mail on the port (again). */
  start(): Promise<void>;
  /** Stops accepting: connections to the port are refused. */
  stop(): Promise<void>;
  /** Resolves once `count` mails have arrived; rejects after `timeoutMs`. */
  waitForMail(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
};

export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/**
 * A server on a free port; listening at once unless `listening` is false (SMTP down). With
 * `onlyTo`, mails to none of those addresses are accepted and not kept: a test of one kind of
 * mail (the handlers' notification, say) counts only its own. With `replyAfterMs`, each mail is
 * answered that long after it arrived (a slow server).
 */
export async function createTestSmtpServer(
  options: { listening?: boolean; onlyTo?: string[]; replyAfterMs?: number } = {},
): Promise<TestSmtpServer> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let connections = 0;
  let atOnce = 0;
  let mostAtOnce = 0;

  const smtp: TestSmtpServer = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    get connections() {
      return connections;
    },
    get mostAtOnce() {
      return mostAtOnce;
    },
    async start() {
      if (server) return;
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        // stop() plays an outage: the server's pooled clients keep their connections open, and
        // smtp-server would wait 30 s for them to end before closing (the mail-outbox test spent
        // 30 s of its 40 there, and every test stopping its server with a pooled client up to 30 s);
        // after 200 ms they are told 421 and closed, as a server going down does.
        closeTimeout: 200,
        logger: false,
        onConnect(_session, callback) {
          connections += 1;
          callback();
        },
        onData(stream, session, callback) {
          atOnce += 1;
          mostAtOnce = Math.max(mostAtOnce, atOnce);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", async () => {
            if (options.replyAfterMs) await sleep(options.replyAfterMs);
            PostalMime.parse(Buffer.concat(chunks)).then(
              (email) => {
                const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
                // Addresses compared without regard to case, as mail systems do.
                const wanted = options.onlyTo?.map((address) => address.toLowerCase());
                const kept = !wanted || envelopeTo.some((to) => wanted.includes(to.toLowerCase()));
                const { mailFrom } = session.envelope;
                const envelopeFrom = mailFrom ? mailFrom.address : "";
                if (kept) received.push({ ...email, envelopeTo, envelopeFrom });
                atOnce -= 1;
                callback();
              },
              (error: Error) => {
                atOnce -= 1;
                callback(error);
              },
            );
          });
        },
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once("error", reject);
        listening.listen(port, "127.0.0.1", () => resolve());
      });
    },
    async stop() {
      const stopping = server;
      server = undefined;
      if (stopping) await new Promise<void>((resolve) => stopping.close(() => resolve()));
    },
    async waitForMail(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(
            `expected ${count} mail(s) within ${timeoutMs} ms, got ${received.length}`,
          );
        }
        await sleep(20);
      }
      return received;
    },
  };
  if (options.listening !== false) await smtp.start();
  return smtp;
}

/**
 * The server's mail settings for a test against `smtp`: the handlers at priemnaya@example.ru, a
 * quick retry schedule (10 tries from 100 ms) unless a test says otherwise.
 */
export function testMailConfig(
  smtp: Pick<TestSmtpServer, "url">,
  retry: MailConfig["retry"] = { firstWaitMs: 100, maxAttempts: 10 },
): MailConfig {
  return {
    smtpUrl: smtp.url,
    notifyTo: ["priemnaya@example.ru"],
    from: "Сайт <noreply@example.ru>",
    retry,
    leaseMs: 60_000,
    connections: 4,
  };
}
