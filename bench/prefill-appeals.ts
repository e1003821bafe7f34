// Fills a migrated store with `count` synthetic appeals in bulk SQL (seconds for a million), so
// benchmarks can compare an empty store with a full one. Numbers follow the stores' own format.
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { parseDatabaseUrl } from "../server/config.ts";
import { openDataLayer } from "../server/db/data-layer.ts";

// The e-mails are ASCII: their key (domain/appeals/email-key.ts) is the address itself.
const columns = `seq, id, number, created_at, first_name, last_name, email, email_key, phone,
  phone_normalized, region, comment, consent, consent_at, consent_text_version, client_ip, user_agent`;

export async function prefillAppeals(databaseUrl: string, count: number): Promise<void> {
  const database = parseDatabaseUrl(databaseUrl);
  // Opening the store runs the migrations.
  await (await openDataLayer(database)).close();
  if (database.kind === "sqlite") {
    const db = new DatabaseSync(database.path);
    db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;");
    db.exec(`BEGIN;
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
      INSERT INTO appeals (${columns})
      SELECT i, lower(hex(randomblob(16))), printf('А-2025-%06d', i),
        strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || (i % 31536000) || ' seconds'),
        'Анна', 'Фамилия' || i, 'user' || i || '@example.ru', 'user' || i || '@example.ru', '+7 912 345-67-89', '+79123456789',
        '43 - Кировская область', 'Текст обращения номер ' || i, 1,
        strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01'), '2026-11-22', '203.0.113.5', 'bench'
      FROM n;
      COMMIT;`);
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(`INSERT INTO appeals (${columns})
      SELECT i, gen_random_uuid(), 'А-2025-' || lpad(i::text, greatest(6, length(i::text)), '0'),
        timestamptz '2025-01-01' + make_interval(secs => i % 31536000),
        'Анна', 'Фамилия' || i, 'user' || i || '@example.ru', 'user' || i || '@example.ru', '+7 912 345-67-89', '+79123456789',
        '43 - Кировская область', 'Текст обращения номер ' || i, true,
        timestamptz '2025-01-01', '2026-11-22', '203.0.113.5', 'bench'
      FROM generate_series(1, ${count}) AS i`);
    await client.query(
      `SELECT setval(pg_get_serial_sequence('appeals', 'seq'), (SELECT max(seq) FROM appeals))`,
    );
    await client.query("ANALYZE appeals");
  } finally {
    await client.end();
  }
}
