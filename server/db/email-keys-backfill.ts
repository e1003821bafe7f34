/**
 * Gives every appeal without one its e-mail key (domain/appeals/email-key.ts), when the store is
 * opened. Migration 13 adds the column empty: the key is made in JavaScript, which neither store's
 * SQL can call (decision 0025). Rows left without a key are the appeals stored before version 13
 * and, during a rolling upgrade on PostgreSQL, those an older server still running stores
 * meanwhile; the partial index `appeals_without_email_key` finds them, so once all have a key the
 * check costs one index probe.
 *
 * Each batch is a transaction of its own: a crash keeps what was done. A row is keyed only while
 * it has no key, and the day's acknowledgements of the rows this batch keyed are added to the
 * counts in the same transaction, so two servers starting together never count one twice.
 */
import { emailKey } from "../../domain/appeals/email-key.ts";
import { kirovIsoDate, startOfKirovDay } from "../../domain/time/kirov-time.ts";
import { addAcknowledgements } from "./acknowledgement-counts-repository.ts";
import type { Database, SqlExecutor } from "./database.ts";

const batchSize = 1000;

// The rows of the batch, keyed at once from a JSON list; only those still without a key.
const fillSql = {
  sqlite: `
    UPDATE appeals SET email_key = keyed.key
    FROM (SELECT json_extract(value, '$.seq') AS seq, json_extract(value, '$.key') AS key
          FROM json_each(?)) AS keyed
    WHERE appeals.seq = keyed.seq AND appeals.email_key IS NULL
    RETURNING appeals.seq`,
  postgres: `
    UPDATE appeals SET email_key = keyed.key
    FROM jsonb_to_recordset(?::jsonb) AS keyed (seq BIGINT, key TEXT)
    WHERE appeals.seq = keyed.seq AND appeals.email_key IS NULL
    RETURNING appeals.seq::text AS seq`,
} as const;

/** Keys every appeal that has none; returns how many it keyed. */
export async function fillEmailKeys(db: Database, now = new Date()): Promise<number> {
  const today = kirovIsoDate(now);
  const since = (startOfKirovDay(today) ?? now).toISOString();
  // Nothing to key (every open after the first): no transaction, so that a store whose disk is
  // below its reserve still opens for reading (the operators' list commands, a server's reads).
  const missing = await db.all("SELECT 1 FROM appeals WHERE email_key IS NULL LIMIT 1");
  if (missing.length === 0) return 0;
  let keyed = 0;
  for (;;) {
    const done = await db.transaction((tx) => fillBatch(tx, today, since));
    keyed += done.keyed;
    if (done.last) return keyed;
  }
}

async function fillBatch(tx: SqlExecutor, today: string, since: string) {
  const rows = await tx.all(
    `SELECT seq, email, EXISTS (SELECT 1 FROM deliveries
         WHERE deliveries.appeal_id = appeals.id AND deliveries.kind = 'appeal-acknowledgement'
           AND deliveries.created_at >= ?) AS acknowledged_today
     FROM appeals WHERE email_key IS NULL ORDER BY seq LIMIT ?`,
    [since, batchSize],
  );
  if (rows.length === 0) return { keyed: 0, last: true };
  const keys = rows.map((row) => ({ seq: Number(row.seq), key: emailKey(String(row.email)) }));
  const changed = new Set(
    (await tx.all(fillSql[tx.kind], [JSON.stringify(keys)])).map((row) => Number(row.seq)),
  );
  const acknowledged = new Map<string, number>();
  rows.forEach((row, index) => {
    const key = keys[index]?.key;
    if (key === undefined || !changed.has(Number(row.seq))) return;
    if (row.acknowledged_today === true || Number(row.acknowledged_today) === 1) {
      acknowledged.set(key, (acknowledged.get(key) ?? 0) + 1);
    }
  });
  for (const [key, count] of acknowledged) await addAcknowledgements(tx, key, today, count);
  return { keyed: changed.size, last: rows.length < batchSize };
}
