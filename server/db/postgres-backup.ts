import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { basename, dirname } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { type BackupReport, putBackupInPlace, temporaryBackupName } from "./store-backup-report.ts";

const run = promisify(execFile);

export class PgDumpMissingError extends Error {
  override name = "PgDumpMissingError";
}

/**
 * The PostgreSQL store as a pg_dump archive (custom format, for pg_restore) of the schema the
 * server uses. A transaction of our own exports its snapshot to pg_dump and counts every table in
 * it, so the counts are the archive's; the archive is then checked with `pg_restore --list` and
 * renamed into place. The password reaches pg_dump through its environment, never its arguments
 * (which any local user can read in the process list).
 */
export async function backupPostgresStore(url: string, target: string): Promise<BackupReport> {
  const started = performance.now();
  const { dbname, env } = libpqConnection(url);
  await requireTool("pg_dump");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  const temporary = temporaryBackupName(dirname(target), basename(target), randomUUID());
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const snapshot = (await client.query("SELECT pg_export_snapshot() AS id")).rows[0].id;
    const schema = (await client.query("SELECT current_schema() AS name")).rows[0].name;
    const tables = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY table_name",
      [schema],
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const quoted = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
      counts[name] = Number(
        (await client.query(`SELECT count(*) AS rows FROM ${quoted}`)).rows[0].rows,
      );
    }
    await run(
      "pg_dump",
      [
        "--format=custom",
        `--snapshot=${snapshot}`,
        `--schema=${schema}`,
        `--file=${temporary}`,
        `--dbname=${dbname}`,
      ],
      { env: { ...process.env, ...env } },
    );
    await client.query("COMMIT");
    const listing = (
      await run("pg_restore", ["--list", temporary], { maxBuffer: 16 * 1024 * 1024 })
    ).stdout;
    for (const name of Object.keys(counts)) {
      if (!listing.includes(`TABLE DATA ${schema} ${name} `)) {
        throw new Error(`the archive has no data for the table ${name}`);
      }
    }
    return putBackupInPlace(temporary, target, counts, started);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The URL for libpq without its password, which goes in PGPASSWORD instead. Its parameters are
 * written again with %20 for spaces: libpq does not read '+' as a space as node-postgres does.
 */
export function libpqConnection(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const env: Record<string, string> = {};
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  parsed.password = "";
  const query = [...parsed.searchParams]
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join("&");
  parsed.search = query;
  return { dbname: parsed.toString(), env };
}

export async function requireTool(name: string) {
  try {
    await run(name, ["--version"]);
  } catch {
    throw new PgDumpMissingError(
      `${name} is not installed: install the PostgreSQL client tools of the server's major version (Debian: apt install postgresql-client) and try again`,
    );
  }
}
