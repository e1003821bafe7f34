// `npm run bench:mail`: how fast the one delivery sender drains the outbox into a local SMTP
// server (bench/smtp-sink.ts, a process of its own), on SQLite and on PostgreSQL. Each round
// stores N appeals with their two mails (notification, acknowledgement), starts the real sender
// with the real composer and nodemailer, and counts the mails sent per second until the outbox is
// empty or the round's time is up. Two modes in the same run, interleaved: "one at a time" (a connection
// per mail, one mail at a time: the sender before decision 0024) and "pooled" (MAIL_CONNECTIONS
// kept-open connections, as many mails at once). Prints figures and the ratio; passes or fails
// nothing. Usage: npm run bench:mail [-- --appeals 400] [-- --seconds 4] [-- --rounds 3]
// [-- --connections 4] [-- --store SQLite|PostgreSQL]
import { spawn } from "node:child_process";
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { defaultContacts } from "../content/contacts.ts";
import { storeAppeal } from "../server/appeals/store-appeal.ts";
import { parseDatabaseUrl } from "../server/config.ts";
import { type DataLayer, openDataLayer } from "../server/db/data-layer.ts";
import { createDeliveryComposer, sendComposed } from "../server/mail/delivery-mails.ts";
import { startDeliverySender } from "../server/mail/delivery-sender.ts";
import { defaultLeaseMs } from "../server/mail/mail-config.ts";
import { createMailer } from "../server/mail/mailer.ts";
import { sampleNewAppeal } from "../tests/support/test-appeal.ts";
import { type TestDatabaseKind, testDatabaseKinds } from "../tests/support/test-databases.ts";
import { silentLog } from "../tests/support/test-delivery-sender.ts";

const { values } = parseArgs({
  options: {
    appeals: { type: "string", default: "400" },
    seconds: { type: "string", default: "4" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "4" },
    store: { type: "string" },
  },
});
const appeals = Number(values.appeals);
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const connections = Number(values.connections);

async function startSink(): Promise<{ url: string; stop(): void }> {
  const child = spawn("node_modules/.bin/node", ["bench/smtp-sink.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [chunk] = (await once(child.stdout, "data")) as [Buffer];
  return { url: `smtp://127.0.0.1:${chunk.toString().trim()}`, stop: () => child.kill() };
}

/**
 * N appeals stored as the service stores them (storeAppeal: the handlers' notification and the
 * citizen's acknowledgement, each address its own so the per-address limit never withholds one).
 */
async function fill(data: DataLayer) {
  const at = new Date().toISOString();
  for (let first = 0; first < appeals; first += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, appeals - first) }, (_, index) =>
        storeAppeal(data, sampleNewAppeal(at, { email: `bench-${first + index}@example.ru` })),
      ),
    );
  }
}

type Mode = { name: string; pooled: boolean; concurrency: number };
const modes: Mode[] = [
  { name: "one at a time", pooled: false, concurrency: 1 },
  { name: `pooled, ${connections} at once`, pooled: true, concurrency: connections },
];

/** Mails sent per second in one round of `mode` on a fresh store. */
async function round(store: TestDatabaseKind, mode: Mode, smtpUrl: string): Promise<number> {
  const database = await store.create();
  const data = await openDataLayer(parseDatabaseUrl(database.url));
  const mailer = createMailer({
    from: "site@example.ru",
    smtpUrl,
    connections,
    pooled: mode.pooled,
  });
  try {
    await fill(data);
    const compose = createDeliveryComposer({
      data,
      handlers: ["priemnaya@example.ru"],
      mailer,
      siteUrl: "https://agrochem.example",
      contacts: () => defaultContacts,
    });
    const mails = 2 * appeals;
    const pending = async () =>
      Object.values(await data.deliveries.backlog()).reduce((sum, kind) => sum + kind.pending, 0);
    const started = performance.now();
    const sender = startDeliverySender({
      deliveries: data.deliveries,
      send: sendComposed(compose, mailer),
      retry: { firstWaitMs: 30_000, maxAttempts: 10 },
      leaseMs: defaultLeaseMs,
      concurrency: mode.concurrency,
      log: silentLog,
      pollIntervalMs: 50,
    });
    let left = mails;
    while (left > 0 && performance.now() - started < seconds * 1000) {
      await sleep(50);
      left = await pending();
    }
    const elapsed = (performance.now() - started) / 1000;
    await sender.stop();
    left = await pending();
    return (mails - left) / elapsed;
  } finally {
    mailer.close();
    await data.close();
    await database.drop();
  }
}

const sink = await startSink();
try {
  for (const store of testDatabaseKinds.filter((s) => !values.store || s.name === values.store)) {
    const rates = new Map<string, number[]>();
    for (let index = 0; index < rounds; index += 1) {
      for (const mode of modes) {
        const rate = await round(store, mode, sink.url);
        rates.set(mode.name, [...(rates.get(mode.name) ?? []), rate]);
        console.log(`${store.name}, ${mode.name}, round ${index + 1}: ${rate.toFixed(1)} mails/s`);
      }
    }
    const median = (list: number[]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
    };
    const [before, after] = modes.map((mode) => median(rates.get(mode.name) ?? []));
    console.log(
      `${store.name}: ${before?.toFixed(1)} → ${after?.toFixed(1)} mails/s (median of ${rounds}), ×${((after ?? 0) / (before || 1)).toFixed(1)}`,
    );
  }
} finally {
  sink.stop();
}
