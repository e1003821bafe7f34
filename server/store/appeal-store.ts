import type { NotificationOutbox } from "./notification-outbox.ts";

/**
 * Durable storage of appeals. Two implementations share this interface: SQLite (the default,
 * one file, one machine) and PostgreSQL (several stateless app servers, one database).
 */
export interface AppealStore {
  readonly kind: "sqlite" | "postgres";
  /**
   * Stores one appeal and gives it an id and a registration number, with its e-mail notification
   * in the outbox in the same transaction. Resolves only once the
   * appeal is committed to disk (SQLite synchronous=FULL; PostgreSQL synchronous_commit): an
   * acknowledged appeal survives a crash.
   */
  insertAppeal(appeal: NewAppeal): Promise<{ id: string; number: string }>;
  /** The e-mail notifications of appeals: written by insertAppeal, sent by the mail worker. */
  readonly outbox: NotificationOutbox;
  /** Stored appeals in registration order; `since` keeps those created at or after it. */
  listAppeals(filter?: { since?: Date }): Promise<StoredAppeal[]>;
  /** Resolves when the store answers a trivial query; used by GET /healthz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** What the server stores: the seven fields, the normalised phone and the consent evidence. */
export type NewAppeal = {
  first_name: string;
  last_name: string;
  email: string;
  /** As the citizen typed it (trimmed). */
  phone: string;
  /** +7XXXXXXXXXX, for search. */
  phone_normalized: string;
  /** 'code - name' or "" when none was chosen. */
  region: string;
  comment: string;
  consent: true;
  /** Consent evidence (152-ФЗ): when it was given, from where, and to which text. */
  consent_at: Date;
  consent_text_version: string;
  client_ip: string;
  user_agent: string | null;
  created_at: Date;
};

export type StoredAppeal = Omit<NewAppeal, "consent_at" | "created_at"> & {
  id: string;
  /** The registration number a citizen can quote: 'А-2026-000123'. */
  number: string;
  /** ISO 8601, UTC. */
  created_at: string;
  consent_at: string;
};
