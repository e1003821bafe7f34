// For tests: a trigger that refuses every new row of one table, so that whatever a transaction
// wrote before it must be rolled back with it.
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { parseDatabaseUrl } from "../../server/config.ts";

/** Every INSERT into `table` fails with '<table> down' until `repairInserts`. */
export async function breakInserts(url: string, table: string) {
  const config = parseDatabaseUrl(url);
  if (config.kind === "sqlite") {
    const db = new DatabaseSync(config.path);
    db.exec(`CREATE TRIGGER ${table}_down BEFORE INSERT ON ${table}
      BEGIN SELECT RAISE(ABORT, '${table} down'); END`);
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: config.url });
  await client.connect();
  await client.query(`
    CREATE FUNCTION ${table}_down() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION '${table} down'; END $$;
    CREATE TRIGGER ${table}_down BEFORE INSERT ON ${table}
      FOR EACH ROW EXECUTE FUNCTION ${table}_down();`);
  await client.end();
}

export async function repairInserts(url: string, table: string) {
  const config = parseDatabaseUrl(url);
  if (config.kind === "sqlite") {
    const db = new DatabaseSync(config.path);
    db.exec(`DROP TRIGGER ${table}_down`);
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: config.url });
  await client.connect();
  await client.query(`DROP TRIGGER ${table}_down ON ${table}; DROP FUNCTION ${table}_down()`);
  await client.end();
}
