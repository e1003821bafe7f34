import { randomUUIDv7 } from "node:crypto";
import pg from "pg";
import { registrationNumber } from "../../domain/appeals/registration-number.ts";
import type { AppealStore, NewAppeal, StoredAppeal } from "./appeal-store.ts";
import { assertNotNewer, migrations } from "./migrations.ts";
import { createPostgresOutbox, enqueueNotificationPostgres } from "./outbox-postgres.ts";

// Any constant shared by every app server: they take turns to migrate at start.
const migrationLockKey = 43_2026_04;

/**
 * The store on PostgreSQL. The URL may set the schema for tests or a shared database:
 * postgres://…/db?options=-c%20search_path%3Dappeals
 */
export async function openPostgresStore(url: string): Promise<AppealStore> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // A connection can die at any time (a database restart, a network cut). Its 'error' event
  // must not crash the server: an idle client's reaches the pool, a checked-out client's the
  // client itself. The query in flight fails (the request gets 503) and the pool reconnects.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }

  return {
    kind: "postgres",
    outbox: createPostgresOutbox(pool, toStoredAppeal),
    async insertAppeal(appeal: NewAppeal) {
      const id = randomUUIDv7();
      const client = await pool.connect();
      let failed = false;
      try {
        // Sequence value and insert in one transaction, as on SQLite. PostgreSQL never hands a
        // sequence value back, so a failed insert leaves a gap: numbers are unique, not gap-free.
        await client.query("BEGIN");
        const { rows } = await client.query<{ seq: string }>(
          "SELECT nextval(pg_get_serial_sequence('appeals', 'seq'))::text AS seq",
        );
        const seq = Number(rows[0]?.seq);
        const number = registrationNumber(seq, appeal.created_at);
        await client.query(
          `INSERT INTO appeals (seq, id, number, created_at, first_name, last_name, email, phone,
          phone_normalized, region, comment, consent, consent_at, consent_text_version,
          client_ip, user_agent)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, true, $12, $13, $14, $15)`,
          [
            seq,
            id,
            number,
            appeal.created_at,
            appeal.first_name,
            appeal.last_name,
            appeal.email,
            appeal.phone,
            appeal.phone_normalized,
            appeal.region,
            appeal.comment,
            appeal.consent_at,
            appeal.consent_text_version,
            appeal.client_ip,
            appeal.user_agent,
          ],
        );
        await enqueueNotificationPostgres(client, id, appeal.created_at);
        // Returns once the commit is durable (synchronous_commit = on, the default).
        await client.query("COMMIT");
        return { id, number };
      } catch (error) {
        failed = true;
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        // A client that failed may hold a dead connection: the pool drops it instead of reusing it.
        client.release(failed);
      }
    },
    async listAppeals(filter = {}) {
      const { rows } = filter.since
        ? await pool.query<PostgresRow>(
            "SELECT * FROM appeals WHERE created_at >= $1 ORDER BY seq",
            [filter.since],
          )
        : await pool.query<PostgresRow>("SELECT * FROM appeals ORDER BY seq");
      return rows.map(toStoredAppeal);
    },
    async durability() {
      const { rows } = await pool.query<{ fsync: string; synchronous_commit: string }>(
        "SELECT current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS synchronous_commit",
      );
      return {
        fsync: String(rows[0]?.fsync),
        synchronous_commit: String(rows[0]?.synchronous_commit),
      };
    },
    async ping() {
      await pool.query("SELECT 1");
    },
    async close() {
      await pool.end();
    },
  };
}

async function migrate(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1)", [migrationLockKey]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ version: number }>(
      "SELECT version FROM schema_migrations",
    );
    const applied = rows.map((row) => Number(row.version));
    assertNotNewer(applied, "the PostgreSQL database");
    for (const migration of migrations) {
      if (applied.includes(migration.version)) continue;
      await client.query(migration.postgres);
      await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
        migration.version,
        migration.name,
      ]);
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

type PostgresRow = Omit<StoredAppeal, "created_at" | "consent_at"> & {
  seq: string;
  created_at: Date;
  consent_at: Date;
};

function toStoredAppeal(row: PostgresRow): StoredAppeal {
  return {
    id: row.id,
    number: row.number,
    created_at: row.created_at.toISOString(),
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    region: row.region,
    comment: row.comment,
    consent: true,
    phone_normalized: row.phone_normalized,
    consent_at: row.consent_at.toISOString(),
    consent_text_version: row.consent_text_version,
    client_ip: row.client_ip,
    user_agent: row.user_agent,
  };
}
