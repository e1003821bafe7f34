import type { DatabaseConfig } from "../config.ts";
import type { AppealStore } from "./appeal-store.ts";
import { openPostgresStore } from "./postgres-store.ts";
import { openSqliteStore } from "./sqlite-store.ts";

export async function openStore(database: DatabaseConfig): Promise<AppealStore> {
  return database.kind === "sqlite"
    ? openSqliteStore(database.path)
    : openPostgresStore(database.url);
}
