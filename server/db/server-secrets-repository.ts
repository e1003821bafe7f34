/**
 * Secrets every server on one store must share (the sign-in keys' HMAC key, the CSRF tokens'):
 * the first server to ask writes a fresh random value, every later one reads that value.
 */
import { randomBytes } from "node:crypto";
import type { Database } from "./database.ts";

export function createServerSecretsRepository(db: Database) {
  return {
    /** The secret named `name` (32 random bytes), created on first use. */
    async secret(name: string, now: Date = new Date()): Promise<Buffer> {
      await db.run(
        `INSERT INTO server_secrets (name, value, created_at) VALUES (?, ?, ?)
         ON CONFLICT (name) DO NOTHING`,
        [name, randomBytes(32).toString("base64url"), now.toISOString()],
      );
      const [row] = await db.all("SELECT value FROM server_secrets WHERE name = ?", [name]);
      if (!row) throw new Error(`server secret ${name} was not stored`);
      return Buffer.from(String(row.value), "base64url");
    },
  };
}
