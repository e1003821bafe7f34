/**
 * How long an appeal's case is kept, as data (issue 45, decision 0064). The standard list of
 * management archival documents (Перечень типовых управленческих архивных документов, Росархив
 * order № 236 of 20.12.2019), in its article on citizens' appeals, sets two terms: «постоянно» for
 * proposals on the organisation's work and reports of serious shortcomings, abuses or corruption,
 * and «5 лет ЭПК» for the rest. Terms count from 1 January of the year after the case was closed
 * (the instruction on applying the list, Росархив order № 237 of 20.12.2019), so a five-year term
 * ends on 31 December of the fifth year after the closing year. A case is destroyed only by an act
 * approved after the expert commission's review (the storage rules, Росархив order № 77 of
 * 31.07.2023; server/staff/archive/).
 * The registry, the archive pages and the personal-data policy page all read these rules.
 */
import { type AppealTopic, corruptionReportTopic } from "../appeals/appeal-topics.ts";

export const storageTerms = ["permanent", "five-years-epk"] as const;

export type StorageTerm = (typeof storageTerms)[number];

export function isStorageTerm(value: string): value is StorageTerm {
  return (storageTerms as readonly string[]).includes(value);
}

/** As the standard list writes them, and as staff and the policy page read them. */
export const storageTermLabels: Record<StorageTerm, string> = {
  permanent: "постоянно",
  "five-years-epk": "5 лет ЭПК",
};

/** The list's article and item for each term, as an act of destruction cites it. */
export const storageTermArticles: Record<StorageTerm, string> = {
  permanent: "ст. 154 «а»",
  "five-years-epk": "ст. 154 «б»",
};

/** The act the articles are of, as a citation. */
export const standardListCitation =
  "Перечень типовых управленческих архивных документов, образующихся в процессе деятельности государственных органов, органов местного самоуправления и организаций, с указанием сроков их хранения (утверждён приказом Росархива от 20.12.2019 № 236)";

/** Years a «5 лет ЭПК» case is kept after the year it was closed. */
const temporaryTermYears = 5;

/**
 * What the organisation configures: the topics it marks as proposals or serious shortcomings
 * (kept permanently like the corruption report, ARCHIVE_PERMANENT_TOPICS), and the index of the
 * case each term's appeals are filed in, in its nomenclature of cases (ARCHIVE_CASE_INDEX_*).
 */
export type ArchiveRules = {
  permanentTopics: readonly AppealTopic[];
  caseIndex: Record<StorageTerm, string>;
};

/** The rules with no configuration: only the corruption report is kept permanently. */
export const defaultArchiveRules: ArchiveRules = {
  permanentTopics: [],
  caseIndex: { permanent: "01-11", "five-years-epk": "01-12" },
};

/** The term an appeal gets from its topic alone. */
function defaultStorageTerm(topic: string | null, rules: ArchiveRules): StorageTerm {
  if (topic === corruptionReportTopic) return "permanent";
  if (topic !== null && (rules.permanentTopics as readonly string[]).includes(topic)) {
    return "permanent";
  }
  return "five-years-epk";
}

/** The term that holds: staff's choice when they made one, else the topic's default. */
export function storageTermOf(
  appeal: { storage_term: string | null; topic: string | null },
  rules: ArchiveRules,
): StorageTerm {
  const chosen = appeal.storage_term;
  return chosen !== null && isStorageTerm(chosen)
    ? chosen
    : defaultStorageTerm(appeal.topic, rules);
}

/**
 * The last day a case is kept, 'YYYY-MM-DD': 31 December of the fifth year after the year it was
 * closed. None for a permanent case or for one not closed (an open case never comes due).
 */
export function termEnd(term: StorageTerm, closedOn: string | null): string | undefined {
  if (term === "permanent" || closedOn === null) return undefined;
  return `${String(Number(closedOn.slice(0, 4)) + temporaryTermYears).padStart(4, "0")}-12-31`;
}

/** Whether the case's term has ended by `today` ('YYYY-MM-DD', Kirov): it may go on an act. */
export function termHasEnded(term: StorageTerm, closedOn: string | null, today: string): boolean {
  const end = termEnd(term, closedOn);
  return end !== undefined && today > end;
}

/** The closing year whose «5 лет ЭПК» cases come due on 1 January of `year`. */
export function closingYearDueIn(year: number): number {
  return year - temporaryTermYears - 1;
}
