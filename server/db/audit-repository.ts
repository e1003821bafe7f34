/**
 * The staff audit log: who did what, when, to which appeal, from what state to what. Written in
 * the transaction of the change it records (pass its `tx`), so a change never goes unrecorded.
 */
import { siteActor, withheldAcknowledgement } from "../../domain/appeals/acknowledgement-cap.ts";
import type { AuditEntry } from "../../domain/staff/registry-types.ts";
import {
  type Database,
  isoMoment,
  nullableText,
  type SqlExecutor,
  type SqlRow,
  type SqlValue,
} from "./database.ts";

export type NewAuditEntry = {
  at: Date;
  staff_login: string;
  appeal_id: string | null;
  action: string;
  from_state: string | null;
  to_state: string | null;
  details: string | null;
};

/** An audit line about no appeal and no state (sign-in, sign-out, purge). */
export function eventEntry(
  at: Date,
  staffLogin: string,
  action: string,
  details: string | null = null,
): NewAuditEntry {
  return {
    at,
    staff_login: staffLogin,
    appeal_id: null,
    action,
    from_state: null,
    to_state: null,
    details,
  };
}

/** An audit line about one appeal: an action, and the state it moved from and to, if it did. */
export function appealEntry(
  at: Date,
  staffLogin: string,
  appealId: string,
  action: string,
  change: { from?: string; to?: string; details?: string | null } = {},
): NewAuditEntry {
  return {
    at,
    staff_login: staffLogin,
    appeal_id: appealId,
    action,
    from_state: change.from ?? null,
    to_state: change.to ?? null,
    details: change.details ?? null,
  };
}

/** The audit table's columns a new line fills, in the order of `auditParams`. */
const auditColumns = "at, staff_login, appeal_id, action, from_state, to_state, details";

function auditParams(entry: NewAuditEntry): SqlValue[] {
  return [
    entry.at.toISOString(),
    entry.staff_login,
    entry.appeal_id,
    entry.action,
    entry.from_state,
    entry.to_state,
    entry.details,
  ];
}

export function createAuditRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;
  return {
    async record(entry: NewAuditEntry, tx?: SqlExecutor): Promise<void> {
      await on(tx).run(
        `INSERT INTO staff_audit (${auditColumns}) VALUES (?, ?, ?, ?, ?, ?, ?)`,
        auditParams(entry),
      );
    },

    /**
     * The appeal's history: its audit lines, and first, when the cap withheld its acknowledgement,
     * the site's line saying so at the appeal's moment (kept as a mark on the appeal since
     * decision 0041; appeals stored before it have the line in this table instead).
     */
    async of(appealId: string, tx?: SqlExecutor): Promise<AuditEntry[]> {
      const rows = await on(tx).all(
        `SELECT 0 AS seq, created_at AS at, ? AS staff_login, ? AS action, NULL AS from_state,
           NULL AS to_state, ? AS details
         FROM appeals WHERE id = ? AND acknowledgement_withheld
         UNION ALL
         SELECT seq, at, staff_login, action, from_state, to_state, details FROM staff_audit
         WHERE appeal_id = ? ORDER BY seq`,
        [
          siteActor,
          withheldAcknowledgement.action,
          withheldAcknowledgement.details,
          appealId,
          appealId,
        ],
      );
      return rows.map(toAuditEntry);
    },

    /**
     * Drops sign-in, sign-out and refusal lines written before `cutoff` (a purge's own line and
     * every appeal's lines stay). How many.
     */
    async purgeSignInEventsBefore(cutoff: Date): Promise<number> {
      return db.run(
        `DELETE FROM staff_audit WHERE appeal_id IS NULL AND at < ?
         AND action IN ('sign-in', 'sign-out', 'sign-in-failed', 'sign-in-locked')`,
        [cutoff.toISOString()],
      );
    },

    /** Audit lines not tied to an appeal (sign-ins, purges), newest first. */
    async recent(limit: number, tx?: SqlExecutor): Promise<AuditEntry[]> {
      const rows = await on(tx).all(
        `SELECT seq, at, staff_login, action, from_state, to_state, details FROM staff_audit
         WHERE appeal_id IS NULL ORDER BY seq DESC LIMIT ?`,
        [limit],
      );
      return rows.map(toAuditEntry);
    },
  };
}

function toAuditEntry(row: SqlRow): AuditEntry {
  return {
    seq: Number(row.seq),
    at: isoMoment(row.at),
    staff_login: String(row.staff_login),
    action: String(row.action),
    from_state: nullableText(row.from_state),
    to_state: nullableText(row.to_state),
    details: nullableText(row.details),
  };
}
