/**
 * Durable storage of appeals. Two implementations share this interface: SQLite (the default,
 * one file, one machine) and PostgreSQL (several stateless app servers, one database).
 */
export interface AppealStore {
  readonly kind: "sqlite" | "postgres";
  /** Resolves when the store answers a trivial query; used by GET /healthz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
