/**
 * The archive's rows as the server reads them (archive-repository.ts): the due cases, the acts
 * and the lines of their lists, each line by value only.
 */
import type { ArchiveActCase, ArchiveActView } from "../../domain/staff/archive-port.ts";
import { isoMoment, nullableMoment, nullableText, type SqlRow } from "./database.ts";

/** A case whose term has ended, as the appeals table holds it. */
export type DueRow = {
  appealId: string;
  number: string;
  createdAt: string;
  closedOn: string;
  topic: string | null;
  storageTerm: string | null;
  /** The draft act listing it: «n/year». */
  draftAct: string | null;
};

/** One line of a new act: by value only, with the case it lists until that case is destroyed. */
export type NewActCase = Omit<ArchiveActCase, "position" | "appealId" | "removed"> & {
  appealId: string;
};

export type StoredActCase = Omit<NewActCase, "appealId"> & {
  position: number;
  /** Cleared once the case is destroyed. */
  appealId: string | null;
  removed: { reason: string; by: string; at: string } | null;
};

/** An act as stored: what its page shows but its list, and the year its number counts in. */
export type StoredAct = Omit<ArchiveActView, "cases"> & { year: number };

/** As printed: «3/2033», the number within the year the act was made. */
export const actNumber = (year: unknown, number: unknown) => `${Number(number)}/${Number(year)}`;

export function toAct(row: SqlRow): StoredAct {
  return {
    id: Number(row.id),
    number: actNumber(row.year, row.number),
    year: Number(row.year),
    madeOn: String(row.made_on),
    madeAt: isoMoment(row.made_at),
    madeBy: String(row.made_by),
    closedYear: row.closed_year == null ? null : Number(row.closed_year),
    state: String(row.state) as StoredAct["state"],
    listed: Number(row.listed),
    annulled:
      row.annulled_at == null
        ? null
        : {
            by: String(row.annulled_by),
            at: isoMoment(row.annulled_at),
            reason: String(row.annul_reason),
          },
    approved:
      row.approved_at == null
        ? null
        : {
            by: String(row.approved_by),
            at: isoMoment(row.approved_at),
            protocolNumber: String(row.protocol_number),
            protocolDate: String(row.protocol_date),
            destroyed: Number(row.destroyed ?? 0),
          },
    version: Number(row.version),
  };
}

export function toActCase(row: SqlRow): StoredActCase {
  const removedAt = nullableMoment(row.removed_at);
  return {
    position: Number(row.position),
    appealId: nullableText(row.appeal_id),
    registrationNumber: String(row.registration_number),
    receivedOn: String(row.received_on),
    closedOn: String(row.closed_on),
    topic: String(row.topic),
    term: String(row.term),
    article: String(row.article),
    caseIndex: String(row.case_index),
    removed:
      removedAt === null
        ? null
        : { reason: String(row.removed_reason), by: String(row.removed_by), at: removedAt },
  };
}
