/**
 * The archive (issue 45, decision 0064): the closed «5 лет ЭПК» cases whose term has ended, the
 * acts of destruction and the cases they list, and the destruction itself. An act lists its
 * cases by value, never by personal data, so its list outlives them; the approval destroys the
 * listed cases in the transaction that approves it (the caller's `tx`). Every change of an act
 * is guarded by its state and version: a form made from an older act is refused.
 */
import type { ArchiveRules } from "../../domain/archive/storage-terms.ts";
import { destroyListed } from "./archive-destruction.ts";
import { closedCaseSql, dueCondition, lineNamesAppeal, listedIdsSql } from "./archive-due-sql.ts";
import {
  actNumber,
  type DueRow,
  type NewActCase,
  type StoredAct,
  type StoredActCase,
  toAct,
  toActCase,
} from "./archive-rows.ts";
import { type Database, isoMoment, nullableText, type SqlExecutor } from "./database.ts";

export type { DueRow, NewActCase, StoredAct, StoredActCase } from "./archive-rows.ts";

/** Who did something, when. */
type Done = { by: string; at: Date };

const listedCount = `(SELECT COUNT(*) FROM archive_act_cases c
  WHERE c.act_id = archive_acts.id AND c.removed_at IS NULL) AS listed`;

export function createArchiveRepository(db: Database) {
  const on = (tx: SqlExecutor | undefined) => tx ?? db;
  const names = (line: string, appeal: string) => lineNamesAppeal(db.kind, line, appeal);

  return {
    /**
     * The closed «5 лет ЭПК» cases closed before `closedBefore` (1 January of the first closing
     * year whose term runs still), of one closing year if given, oldest closed first, each with
     * the draft act that lists it, if one does.
     */
    async due(
      rules: ArchiveRules,
      closedBefore: string,
      closedYear: number | null,
      tx?: SqlExecutor,
    ): Promise<DueRow[]> {
      const due = dueCondition("a", rules, closedBefore);
      const year =
        closedYear === null
          ? { sql: "", params: [] }
          : { sql: " AND a.closed_on >= ? AND a.closed_on < ?", params: yearSpan(closedYear) };
      const rows = await on(tx).all(
        `SELECT a.id, a.number, a.created_at, a.closed_on, a.topic, a.storage_term,
           d.year AS act_year, d.number AS act_number
         FROM appeals a LEFT JOIN (
           SELECT c.appeal_id, x.year, x.number FROM archive_act_cases c
           JOIN archive_acts x ON x.id = c.act_id
           WHERE x.state = 'draft' AND c.removed_at IS NULL AND c.appeal_id IS NOT NULL
         ) d ON ${names("d", "a")}
         WHERE ${due.sql}${year.sql}
         ORDER BY a.closed_on, a.seq`,
        [...due.params, ...year.params],
      );
      return rows.map((row) => ({
        appealId: String(row.id),
        number: String(row.number),
        createdAt: isoMoment(row.created_at),
        closedOn: String(row.closed_on),
        topic: nullableText(row.topic),
        storageTerm: nullableText(row.storage_term),
        draftAct: row.act_number == null ? null : actNumber(row.act_year, row.act_number),
      }));
    },

    /** The years closed cases were closed in, oldest first. */
    async closedYears(tx?: SqlExecutor): Promise<number[]> {
      const rows = await on(tx).all(
        `SELECT DISTINCT substr(a.closed_on, 1, 4) AS year FROM appeals a
         WHERE ${closedCaseSql("a")} ORDER BY year`,
      );
      return rows.map((row) => Number(row.year));
    },

    /** The act listing the appeal now (a draft, or approved), «n/year»; null: none. */
    async actListing(appealId: string, tx?: SqlExecutor): Promise<string | null> {
      const [row] = await on(tx).all(
        `SELECT x.year, x.number FROM archive_act_cases c JOIN archive_acts x ON x.id = c.act_id
         WHERE c.appeal_id = ? AND c.removed_at IS NULL AND x.state IN ('draft', 'approved')
         ORDER BY x.id DESC LIMIT 1`,
        [appealId],
      );
      return row ? actNumber(row.year, row.number) : null;
    },

    /**
     * Makes new acts wait for each other (PostgreSQL; SQLite's transactions run one at a time):
     * taken first in the transaction that makes one, so its number is the next, and the cases
     * it finds due are not listed meanwhile by another's.
     */
    async lockActs(tx: SqlExecutor): Promise<void> {
      if (tx.kind === "postgres") {
        await tx.run("LOCK TABLE archive_acts IN SHARE ROW EXCLUSIVE MODE");
      }
    },

    /** A draft act numbered next within `year`, listing `cases` in order. Its id. */
    async createAct(
      act: { year: number; madeOn: string; closedYear: number | null } & Done,
      cases: readonly NewActCase[],
      tx: SqlExecutor,
    ): Promise<number> {
      const [row] = await tx.all(
        `INSERT INTO archive_acts (year, number, made_on, made_at, made_by, closed_year, state)
         SELECT ?, COALESCE(MAX(number), 0) + 1, ?, ?, ?, ?, 'draft' FROM archive_acts
         WHERE year = ? RETURNING id`,
        [act.year, act.madeOn, act.at.toISOString(), act.by, act.closedYear, act.year],
      );
      const id = Number(row?.id);
      // A few hundred lines per statement: well under either store's limit of parameters.
      for (let start = 0; start < cases.length; start += 500) {
        const chunk = cases.slice(start, start + 500);
        await tx.run(
          `INSERT INTO archive_act_cases (act_id, position, appeal_id, registration_number,
             received_on, closed_on, topic, term, article, case_index)
           VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
          chunk.flatMap((line, index) => [
            id,
            start + index + 1,
            line.appealId,
            line.registrationNumber,
            line.receivedOn,
            line.closedOn,
            line.topic,
            line.term,
            line.article,
            line.caseIndex,
          ]),
        );
      }
      return id;
    },

    /** Every act, the newest first. */
    async acts(tx?: SqlExecutor): Promise<StoredAct[]> {
      const rows = await on(tx).all(
        `SELECT archive_acts.*, ${listedCount} FROM archive_acts ORDER BY id DESC`,
      );
      return rows.map(toAct);
    },

    /** One act with its list in order; undefined: no such act. */
    async find(
      id: number,
      tx?: SqlExecutor,
    ): Promise<(StoredAct & { cases: StoredActCase[] }) | undefined> {
      const [row] = await on(tx).all(
        `SELECT archive_acts.*, ${listedCount} FROM archive_acts WHERE id = ?`,
        [id],
      );
      if (!row) return undefined;
      const lines = await on(tx).all(
        "SELECT * FROM archive_act_cases WHERE act_id = ? ORDER BY position",
        [id],
      );
      return { ...toAct(row), cases: lines.map(toActCase) };
    },

    /** Takes a listed case off a draft at `version`; false: no such line, or changed meanwhile. */
    async removeCase(
      actId: number,
      position: number,
      removal: { reason: string } & Done,
      version: number,
      tx: SqlExecutor,
    ): Promise<boolean> {
      const removed = await tx.run(
        `UPDATE archive_act_cases SET removed_reason = ?, removed_by = ?, removed_at = ?
         WHERE act_id = ? AND position = ? AND removed_at IS NULL AND EXISTS (
           SELECT 1 FROM archive_acts WHERE id = ? AND state = 'draft' AND version = ?)`,
        [removal.reason, removal.by, removal.at.toISOString(), actId, position, actId, version],
      );
      if (removed === 0) return false;
      await tx.run("UPDATE archive_acts SET version = version + 1 WHERE id = ?", [actId]);
      return true;
    },

    /** Annuls a draft at `version`; false: not a draft at that version. */
    async annul(
      actId: number,
      annulment: { reason: string } & Done,
      version: number,
      tx: SqlExecutor,
    ): Promise<boolean> {
      const annulled = await tx.run(
        `UPDATE archive_acts SET state = 'annulled', annulled_at = ?, annulled_by = ?,
           annul_reason = ?, version = version + 1
         WHERE id = ? AND state = 'draft' AND version = ?`,
        [annulment.at.toISOString(), annulment.by, annulment.reason, actId, version],
      );
      return annulled > 0;
    },

    /**
     * The registration numbers of the cases a draft lists that are no longer due (reopened, kept
     * permanently since, or gone), in list order. On PostgreSQL the listed appeals are locked
     * first, so none changes between this check and their destruction in the same transaction.
     */
    async notDue(
      actId: number,
      rules: ArchiveRules,
      closedBefore: string,
      tx: SqlExecutor,
    ): Promise<string[]> {
      if (tx.kind === "postgres") {
        await tx.all(`SELECT id FROM appeals WHERE id IN (${listedIdsSql(tx.kind)}) FOR UPDATE`, [
          actId,
        ]);
      }
      const due = dueCondition("a", rules, closedBefore);
      const rows = await tx.all(
        `SELECT c.registration_number FROM archive_act_cases c
         LEFT JOIN appeals a ON ${names("c", "a")} AND ${due.sql}
         WHERE c.act_id = ? AND c.removed_at IS NULL AND a.id IS NULL ORDER BY c.position`,
        [...due.params, actId],
      );
      return rows.map((row) => String(row.registration_number));
    },

    /**
     * Approves a draft at `version` and destroys the cases it lists and did not take off
     * (archive-destruction.ts), in the caller's transaction. Undefined: not a draft at that
     * version.
     */
    async approve(
      actId: number,
      approval: { protocolNumber: string; protocolDate: string } & Done,
      version: number,
      tx: SqlExecutor,
    ): Promise<{ destroyed: number } | undefined> {
      const approved = await tx.run(
        `UPDATE archive_acts SET state = 'approved', approved_at = ?, approved_by = ?,
           protocol_number = ?, protocol_date = ?, version = version + 1
         WHERE id = ? AND state = 'draft' AND version = ?`,
        [
          approval.at.toISOString(),
          approval.by,
          approval.protocolNumber,
          approval.protocolDate,
          actId,
          version,
        ],
      );
      if (approved === 0) return undefined;
      const destroyed = await destroyListed(tx, actId);
      await tx.run("UPDATE archive_acts SET destroyed = ? WHERE id = ?", [destroyed, actId]);
      return { destroyed };
    },

    /** Staff's choice of an appeal's storage term (a new version of it); false: no such appeal. */
    async setStorageTerm(appealId: string, term: string, tx: SqlExecutor): Promise<boolean> {
      const set = await tx.run(
        "UPDATE appeals SET storage_term = ?, version = version + 1 WHERE id = ?",
        [term, appealId],
      );
      return set > 0;
    },
  };
}

export type ArchiveRepository = ReturnType<typeof createArchiveRepository>;

/** 1 January of `year` and of the next: a closing year's days, [from, to). */
function yearSpan(year: number): [string, string] {
  const day = (y: number) => `${String(y).padStart(4, "0")}-01-01`;
  return [day(year), day(year + 1)];
}
