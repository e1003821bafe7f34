import type { DatabaseConfig } from "../config.ts";
import { openSqlRunner } from "../store/sql-runner.ts";
import { createStaffStore, type StaffStore } from "./staff-store.ts";

/** The staff store on its own connection; open the appeal store first (it migrates). */
export async function openStaffStore(database: DatabaseConfig): Promise<StaffStore> {
  return createStaffStore(await openSqlRunner(database));
}
