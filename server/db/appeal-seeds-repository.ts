/**
 * Synthetic appeals written in bulk, for the tests and the benchmarks (scripts/seed-appeals.ts
 * makes them): every column of the appeals table, many rows per statement. Not part of the
 * server's data layer: nothing the server runs writes appeals this way.
 */
import { emailKey } from "../../domain/appeals/email-key.ts";
import type { Database } from "./database.ts";

export type SeededAppeal = {
  seq: number;
  id: string;
  number: string;
  created_at: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  phone_normalized: string;
  region: string;
  comment: string;
  state: string;
  registered_on: string | null;
  extension_days: number;
  extension_reason: string | null;
  forwarded_to: string | null;
  forwarded_on: string | null;
  answered_on: string | null;
  without_answer_ground: string | null;
  notice_sent_on: string | null;
  topic: string | null;
};

const columns = [
  "seq",
  "id",
  "number",
  "created_at",
  "first_name",
  "last_name",
  "email",
  "phone",
  "phone_normalized",
  "region",
  "comment",
  "state",
  "registered_on",
  "extension_days",
  "extension_reason",
  "forwarded_to",
  "forwarded_on",
  "answered_on",
  "without_answer_ground",
  "notice_sent_on",
  "topic",
] as const satisfies ReadonlyArray<keyof SeededAppeal>;

/**
 * The day a seeded case was closed, as the server records it (decision 0064): the answer's or
 * the forward's day; for one left without an answer (its day is not seeded) the notice's day,
 * else its registration's, as migration 25 fills in older cases.
 */
function closedOnOf(appeal: SeededAppeal): string | null {
  if (appeal.state === "answered") return appeal.answered_on;
  if (appeal.state === "forwarded") return appeal.forwarded_on;
  if (appeal.state === "without_answer") return appeal.notice_sent_on ?? appeal.registered_on;
  return null;
}

// PostgreSQL takes at most 65,535 parameters per statement.
const rowsPerStatement = 1000;

export function createAppealSeedsRepository(db: Database) {
  const consent = db.kind === "sqlite" ? "1" : "true";
  return {
    /** Writes the appeals, a thousand per statement, in one transaction per call. */
    async insert(appeals: readonly SeededAppeal[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (let start = 0; start < appeals.length; start += rowsPerStatement) {
          const batch = appeals.slice(start, start + rowsPerStatement);
          const values = batch
            .map(
              () =>
                `(${columns.map(() => "?").join(", ")}, ?, ?, ${consent}, ?, 'seed', '127.0.0.1', 'seed')`,
            )
            .join(", ");
          await tx.run(
            `INSERT INTO appeals (${columns.join(", ")}, closed_on, email_key, consent, consent_at,
               consent_text_version, client_ip, user_agent) VALUES ${values}`,
            batch.flatMap((appeal) => [
              ...columns.map((column) => appeal[column]),
              closedOnOf(appeal),
              emailKey(appeal.email),
              appeal.created_at,
            ]),
          );
        }
      });
    },

    /** After a bulk insert: the next registration number follows the last, plans see the rows. */
    async finish(): Promise<void> {
      if (db.kind === "postgres") {
        await db.run(
          "SELECT setval(pg_get_serial_sequence('appeals', 'seq'), (SELECT max(seq) FROM appeals))",
        );
        await db.run("ANALYZE appeals");
      } else {
        await db.run("ANALYZE");
      }
    },
  };
}
