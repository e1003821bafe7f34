import pg from "pg";
import type { AppealStore } from "./appeal-store.ts";

export function openPostgresStore(url: string): AppealStore {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the server; the next query reconnects.
  pool.on("error", () => {});
  return {
    kind: "postgres",
    async ping() {
      await pool.query("SELECT 1");
    },
    async close() {
      await pool.end();
    },
  };
}
