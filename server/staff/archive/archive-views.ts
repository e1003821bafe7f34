/**
 * The archive's rows as its pages show them (domain/staff/archive-port.ts): due cases grouped by
 * the year they were closed, acts with their lists. Nothing here reads the store.
 */
import { topicLabel } from "../../../domain/appeals/appeal-topics.ts";
import { storageTermLabels, termEnd } from "../../../domain/archive/storage-terms.ts";
import type {
  ArchiveActSummary,
  ArchiveActView,
  DueCase,
  DueYear,
} from "../../../domain/staff/archive-port.ts";
import { kirovIsoDate } from "../../../domain/time/kirov-time.ts";
import type { DueRow, StoredAct, StoredActCase } from "../../db/archive-repository.ts";

const temporary = "five-years-epk";

/** The Kirov day an appeal was received. */
export const receivedOn = (createdAt: string) => kirovIsoDate(new Date(createdAt));

/** The last day a case closed on `closedOn` is kept («5 лет ЭПК»). */
const temporaryTermEnd = (closedOn: string) => termEnd(temporary, closedOn) ?? closedOn;

function dueCaseOf(row: DueRow): DueCase {
  return {
    appealId: row.appealId,
    number: row.number,
    receivedOn: receivedOn(row.createdAt),
    closedOn: row.closedOn,
    topicLabel: topicLabel(row.topic),
    termLabel: storageTermLabels[temporary],
    termEnd: temporaryTermEnd(row.closedOn),
    onDraftAct: row.draftAct,
  };
}

/** Due cases by closing year, oldest year first (the rows come oldest closed first). */
export function dueYearsOf(rows: readonly DueRow[]): DueYear[] {
  const years = new Map<number, DueYear>();
  for (const row of rows) {
    const closedYear = Number(row.closedOn.slice(0, 4));
    let year = years.get(closedYear);
    if (!year) {
      year = { closedYear, termEnd: temporaryTermEnd(row.closedOn), cases: [] };
      years.set(closedYear, year);
    }
    year.cases.push(dueCaseOf(row));
  }
  return [...years.values()].sort((a, b) => a.closedYear - b.closedYear);
}

export function actSummaryOf(act: StoredAct): ArchiveActSummary {
  return {
    id: act.id,
    number: act.number,
    madeOn: act.madeOn,
    state: act.state,
    listed: act.listed,
  };
}

export function actViewOf(act: StoredAct & { cases: StoredActCase[] }): ArchiveActView {
  return {
    ...actSummaryOf(act),
    madeBy: act.madeBy,
    madeAt: act.madeAt,
    closedYear: act.closedYear,
    annulled: act.annulled,
    approved: act.approved,
    cases: act.cases.map((line) => ({
      position: line.position,
      appealId: line.appealId,
      registrationNumber: line.registrationNumber,
      receivedOn: line.receivedOn,
      closedOn: line.closedOn,
      topic: line.topic,
      term: line.term,
      article: line.article,
      caseIndex: line.caseIndex,
      removed: line.removed,
    })),
    version: act.version,
  };
}
