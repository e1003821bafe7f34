// The baseline for the appeal POST: a bare node:http server doing the least the real one must
// do — read the body, JSON.parse, the same shared schema, the same durable transaction through the
// same data layer (the appeal, its notification and the citizen's acknowledgement in one
// transaction), 201 after the commit. No framework, no logging, and no cap on acknowledgements:
// the project's cap is work the ratio must show (bench/run.ts posts one address over and over).
// The headers are the ones the project answers with (HEADERS, read off the project's answer by
// bench/run.ts). No rate limit, unless RATE_LIMIT=shared: then the project's own limiter for the
// store (on PostgreSQL, the counts shared by app servers), to show what that one feature costs.
import { createServer } from "node:http";
import { normalizePhone, validateAppeal } from "../domain/appeals/appeal-schema.ts";
import { consentTextVersion } from "../domain/appeals/consent-text.ts";
import { openRateLimiter } from "../server/appeals/rate-limiter.ts";
import { parseDatabaseUrl } from "../server/config.ts";
import type { NewAppeal } from "../server/db/appeals-repository.ts";
import { openDataLayer } from "../server/db/data-layer.ts";
import type { NewDelivery } from "../server/db/deliveries-repository.ts";

const headers = JSON.parse(process.env.HEADERS ?? "{}") as Record<string, string>;
const database = parseDatabaseUrl(process.env.DATABASE_URL ?? "");
const store = await openDataLayer(database);
const limiter =
  process.env.RATE_LIMIT === "shared"
    ? openRateLimiter({ perMinute: 1_000_000, perDay: 1_000_000 }, database)
    : undefined;

/** The appeal with both its mails, every time. */
function storeWithMails(appeal: NewAppeal) {
  return store.transaction(async (tx) => {
    const stored = await store.appeals.insert(appeal, tx);
    const mails: NewDelivery[] = [
      { kind: "appeal-notification", recipients: [{ group: "handlers" }], at: appeal.created_at },
      {
        kind: "appeal-acknowledgement",
        recipients: [{ address: appeal.email }],
        at: appeal.created_at,
      },
    ];
    for (const mail of mails) await store.deliveries.enqueue({ ...mail, appealId: stored.id }, tx);
    return { ...stored, acknowledged: true };
  });
}

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", async () => {
    try {
      await limiter?.take(request.socket.remoteAddress ?? "");
      const validation = validateAppeal(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      if (!validation.ok) {
        response.writeHead(400, { "content-type": "application/json" });
        response.end(JSON.stringify({ errors: validation.errors }));
        return;
      }
      const time = new Date();
      const stored = await storeWithMails({
        ...validation.value,
        phone_normalized: normalizePhone(validation.value.phone) ?? validation.value.phone,
        consent_at: time,
        consent_text_version: consentTextVersion,
        client_ip: request.socket.remoteAddress ?? "",
        user_agent: request.headers["user-agent"] ?? null,
        created_at: time,
      });
      response.writeHead(201, { "content-type": "application/json", ...headers });
      response.end(JSON.stringify(stored));
    } catch {
      response.writeHead(500);
      response.end();
    }
  });
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
process.on("SIGTERM", () => server.close(() => void store.close().then(() => process.exit(0))));
