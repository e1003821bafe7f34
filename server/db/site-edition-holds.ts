/**
 * Scheduled site editions held after a restore (issue 40, decision 0057), as mail is held
 * (delivery-holds-repository.ts, decision 0022). An edition the restored store holds as scheduled
 * for a moment that has passed was due while the store was lost: the server that ran on after the
 * backup almost surely published it then, and may since have seen it changed, cancelled or
 * replaced. The restore holds each such edition here; no server publishes it until the operator
 * releases it (`npm run appeals -- release-editions`: published at the servers' next check) or
 * cancels it (`cancel-editions`: back to a draft, nothing published).
 *
 * A hold names the edition and the moment it held (migration 20): the edition scheduled again
 * for another moment, by staff, is not held by it. The hold row stays as the record of who
 * decided what; the audit line says who.
 */
import { isoMoment, nullableText, type SqlExecutor } from "./database.ts";

/**
 * An undecided hold on a `site_editions` row's moment: the repository's `due` and
 * `nextScheduled` pass over such rows, so no server publishes them nor waits for them.
 */
export const heldScheduleSql = `EXISTS (SELECT 1 FROM site_edition_holds h
  WHERE h.edition_id = site_editions.id AND h.publish_at = site_editions.publish_at
    AND h.decision IS NULL)`;

/** A held edition, for the operator. */
export type HeldEdition = {
  id: number;
  page: string;
  /** The moment it was scheduled for (ISO 8601), which passed while the store was lost. */
  publishAt: string;
  scheduledBy: string | null;
  heldAt: string;
};

export type EditionHoldDecision = "released" | "cancelled";

/** Which held editions a decision is about: all, or those of one page. */
export type EditionHoldFilter = { page?: string };

/**
 * Holds every scheduled edition whose moment is `at` or earlier (in a restore, before any server
 * runs on the store). Returns every edition held now, the earliest moment first.
 */
export async function holdOverdueEditions(tx: SqlExecutor, at: Date): Promise<HeldEdition[]> {
  await tx.run(
    `INSERT INTO site_edition_holds (edition_id, publish_at, held_at)
     SELECT id, publish_at, ? FROM site_editions
     WHERE state = 'scheduled' AND publish_at <= ? AND NOT ${heldScheduleSql}`,
    [at.toISOString(), at.toISOString()],
  );
  return heldEditions(tx);
}

/** The editions held and still scheduled for the moment held, undecided: the earliest first. */
export async function heldEditions(
  tx: SqlExecutor,
  filter: EditionHoldFilter = {},
): Promise<HeldEdition[]> {
  const ofPage = filter.page === undefined ? "" : "AND site_editions.page = ?";
  const rows = await tx.all(
    `SELECT site_editions.id AS id, site_editions.page AS page,
       site_editions.publish_at AS publish_at, site_editions.scheduled_by AS scheduled_by,
       h.held_at AS held_at
     FROM site_edition_holds h JOIN site_editions ON site_editions.id = h.edition_id
       AND site_editions.publish_at = h.publish_at
     WHERE h.decision IS NULL AND site_editions.state = 'scheduled' ${ofPage}
     ORDER BY site_editions.publish_at, site_editions.id`,
    filter.page === undefined ? [] : [filter.page],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    page: String(row.page),
    publishAt: isoMoment(row.publish_at),
    scheduledBy: nullableText(row.scheduled_by),
    heldAt: isoMoment(row.held_at),
  }));
}

/**
 * Decides on the held editions `filter` names; returns them. A release lets them be published
 * at the servers' next check (their moment has passed); a cancel only records the decision: the
 * caller takes each edition back to a draft (the repository's `unschedule`) in the same
 * transaction.
 */
export async function decideHeldEditions(
  tx: SqlExecutor,
  decision: EditionHoldDecision,
  filter: EditionHoldFilter,
  at: Date,
): Promise<HeldEdition[]> {
  const held = await heldEditions(tx, filter);
  for (const edition of held) {
    await tx.run(
      `UPDATE site_edition_holds SET decision = ?, decided_at = ?
       WHERE edition_id = ? AND publish_at = ? AND decision IS NULL`,
      [decision, at.toISOString(), edition.id, edition.publishAt],
    );
  }
  return held;
}
