/**
 * Deliveries held after a restore (decision 0022): the mails a restored store holds as pending
 * were pending at the backup's moment, and the server that ran on after it almost surely sent
 * them before the loss. The restore holds each of them here, and none goes out until the
 * operator releases it (`npm run appeals -- release-mail`) or cancels it (`cancel-mail`).
 *
 * A held delivery stays `pending` with its next try parked at the end of time: every sender's
 * claim takes only rows due by now, so it passes over held rows with no change to the claim (the
 * sender stays one, decision 0013). A release makes the row due now; a cancel marks it sent
 * without a time (the operator's word that it went before the loss). The hold row stays as the
 * record of who decided what (migration 14).
 */
import type { Database, SqlExecutor, SqlRow, SqlValue } from "./database.ts";
import { isoMoment } from "./database.ts";
import { type DeliveryKind, deliveryKinds } from "./deliveries-repository.ts";

/** The next try of a held delivery: never, until it is released. */
const parkedUntil = "9999-12-31T23:59:59.999Z";

/** Which held deliveries a decision is about: all, or those of a kind, or written before a time. */
export type HeldFilter = { kind?: DeliveryKind; writtenBefore?: Date };

/** The held deliveries of one kind, for the operator's list. */
export type HeldKind = {
  kind: DeliveryKind;
  count: number;
  /** When the oldest and the newest of them were written (ISO 8601). */
  oldestWrittenAt: string;
  newestWrittenAt: string;
};

export type HoldDecision = "released" | "cancelled";

/** `deliveries d` rows held, undecided and pending (unless `anyState`), narrowed by `filter`. */
function heldWhere(
  filter: HeldFilter,
  options: { anyState?: boolean } = {},
): { sql: string; params: SqlValue[] } {
  const conditions = ["d.id IN (SELECT delivery_id FROM delivery_holds WHERE decision IS NULL)"];
  if (!options.anyState) conditions.push("d.state = 'pending'");
  const params: SqlValue[] = [];
  if (filter.kind !== undefined) {
    conditions.push("d.kind = ?");
    params.push(filter.kind);
  }
  if (filter.writtenBefore !== undefined) {
    conditions.push("d.created_at < ?");
    params.push(filter.writtenBefore.toISOString());
  }
  return { sql: conditions.join(" AND "), params };
}

/** Counts per kind, only the kinds with some, in the kinds' order. */
function perKind(rows: SqlRow[]): Partial<Record<DeliveryKind, number>> {
  const counts: Partial<Record<DeliveryKind, number>> = {};
  for (const kind of deliveryKinds) {
    const count = Number(rows.find((row) => row.kind === kind)?.count ?? 0);
    if (count > 0) counts[kind] = count;
  }
  return counts;
}

export function createDeliveryHoldsRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;
  const countHeld = async (filter: HeldFilter, tx?: SqlExecutor) => {
    const where = heldWhere(filter);
    return perKind(
      await on(tx).all(
        `SELECT d.kind AS kind, count(*) AS count FROM deliveries d WHERE ${where.sql} GROUP BY d.kind`,
        where.params,
      ),
    );
  };

  return {
    /**
     * Holds every delivery pending in the store (in a restore, before any server runs on it):
     * a lease the backup caught mid-send is dropped with it. Counts per kind of what it held.
     */
    async holdPending(at: Date, tx: SqlExecutor): Promise<Partial<Record<DeliveryKind, number>>> {
      await tx.run(
        `INSERT INTO delivery_holds (delivery_id, held_at)
         SELECT id, ? FROM deliveries
         WHERE state = 'pending'
           AND id NOT IN (SELECT delivery_id FROM delivery_holds WHERE decision IS NULL)`,
        [at.toISOString()],
      );
      await tx.run(
        `UPDATE deliveries SET next_attempt_at = ?, lease_owner = NULL, lease_until = NULL
         WHERE state = 'pending'`,
        [parkedUntil],
      );
      return countHeld({}, tx);
    },

    /** Held deliveries waiting for a decision, in all and per kind (only kinds with some): /healthz. */
    async waitingCounts(): Promise<{
      count: number;
      byKind: Partial<Record<DeliveryKind, number>>;
    }> {
      const byKind = await countHeld({});
      return { count: Object.values(byKind).reduce((sum, count) => sum + count, 0), byKind };
    },

    /** Held deliveries waiting for a decision, per kind with their ages, for the operator. */
    async waiting(tx?: SqlExecutor): Promise<HeldKind[]> {
      const where = heldWhere({});
      const rows = await on(tx).all(
        `SELECT d.kind AS kind, count(*) AS count, min(d.created_at) AS oldest,
           max(d.created_at) AS newest
         FROM deliveries d WHERE ${where.sql} GROUP BY d.kind`,
        where.params,
      );
      return deliveryKinds.flatMap((kind) => {
        const row = rows.find((candidate) => candidate.kind === kind);
        return row
          ? [
              {
                kind,
                count: Number(row.count),
                oldestWrittenAt: isoMoment(row.oldest),
                newestWrittenAt: isoMoment(row.newest),
              },
            ]
          : [];
      });
    },

    /**
     * Decides on the held deliveries `filter` names: released ones are due at `at` (the senders
     * take them at their next read), cancelled ones are marked sent without a time and never
     * go. Counts per kind of what it decided.
     */
    async decide(
      decision: HoldDecision,
      filter: HeldFilter,
      at: Date,
      tx: SqlExecutor,
    ): Promise<Partial<Record<DeliveryKind, number>>> {
      const counts = await countHeld(filter, tx);
      const where = heldWhere(filter);
      if (decision === "released") {
        await tx.run(
          `UPDATE deliveries SET next_attempt_at = ? WHERE id IN (SELECT d.id FROM deliveries d WHERE ${where.sql})`,
          [at.toISOString(), ...where.params],
        );
      } else {
        await tx.run(
          `UPDATE deliveries SET state = 'sent', sent_at = NULL, last_error = NULL
           WHERE id IN (SELECT d.id FROM deliveries d WHERE ${where.sql})`,
          where.params,
        );
      }
      // Then the holds of the same rows: a release left them pending, a cancel made them sent,
      // so they are found by the filter alone, without the state.
      const same = heldWhere(filter, { anyState: true });
      await tx.run(
        `UPDATE delivery_holds SET decision = ?, decided_at = ?
         WHERE decision IS NULL AND delivery_id IN (SELECT d.id FROM deliveries d WHERE ${same.sql})`,
        [decision, at.toISOString(), ...same.params],
      );
      return counts;
    },
  };
}
