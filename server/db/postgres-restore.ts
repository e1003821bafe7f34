import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import { libpqConnection, requireTool } from "./postgres-backup.ts";

const run = promisify(execFile);

export type PostgresRestoreReport<T> = {
  /** The schema restored, as the archive names it. */
  schema: string;
  /** What the schema that was there is now called, or null if there was none. */
  previous: string | null;
  prepared: T;
};

/**
 * Puts a `backup` archive (pg_dump --format=custom of the server's schema) in place as the
 * PostgreSQL store DATABASE_URL names, with every server stopped. Like the SQLite restore it
 * never deletes: a schema of that name still there is renamed `<schema>_before_restore_<time>`
 * and kept. The archive goes in with `pg_restore --single-transaction` (whole or not at all);
 * `prepare` then works on the restored store (decision 0022: numbers moved on, mail held).
 */
export async function restorePostgresStore<T>(
  url: string,
  archive: string,
  prepare: () => Promise<T>,
  now = new Date(),
): Promise<PostgresRestoreReport<T>> {
  await requireTool("pg_restore");
  const schema = await archiveSchema(archive);
  const { dbname, env } = libpqConnection(url);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  let previous: string | null = null;
  try {
    const served = (await client.query("SELECT current_schema() AS name")).rows[0].name;
    if (served !== null && served !== schema) {
      throw new Error(
        `the archive holds the schema ${schema}, but DATABASE_URL's search_path finds ${served}: restore it with the URL the servers use`,
      );
    }
    const exists = await client.query("SELECT 1 FROM pg_namespace WHERE nspname = $1", [schema]);
    if (exists.rowCount) {
      previous = `${schema}_before_restore_${now.toISOString().replace(/\D/g, "").slice(0, 14)}`;
      await client.query(
        `ALTER SCHEMA ${client.escapeIdentifier(schema)} RENAME TO ${client.escapeIdentifier(previous)}`,
      );
    }
    try {
      await run(
        "pg_restore",
        ["--no-owner", "--single-transaction", "--exit-on-error", `--dbname=${dbname}`, archive],
        { env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 },
      );
    } catch (error) {
      if (previous !== null) {
        await client.query(
          `ALTER SCHEMA ${client.escapeIdentifier(previous)} RENAME TO ${client.escapeIdentifier(schema)}`,
        );
      }
      const stderr = (error as { stderr?: string }).stderr?.trim();
      throw new Error(`pg_restore failed, nothing restored: ${stderr || (error as Error).message}`);
    }
  } finally {
    await client.end().catch(() => {});
  }
  return { schema, previous, prepared: await prepare() };
}

/** The one schema the archive's appeals table is in; throws when it is no backup of the store. */
async function archiveSchema(archive: string): Promise<string> {
  let listing: string;
  try {
    listing = (await run("pg_restore", ["--list", archive], { maxBuffer: 16 * 1024 * 1024 }))
      .stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${archive} is not a pg_dump archive: ${stderr || (error as Error).message}`);
  }
  const schema = /\bTABLE DATA (\S+) appeals /.exec(listing)?.[1];
  if (schema === undefined) {
    throw new Error(`${archive} is not a backup of the appeals store (no appeals table)`);
  }
  return schema;
}
