/**
 * The archive's conditions as SQL (issue 45, decision 0064), shared by the due list and the
 * approval's re-check so both ask the same question: is this appeal a closed «5 лет ЭПК» case
 * whose term has ended? The rules themselves are domain/archive/storage-terms.ts'; the effective
 * term is staff's choice, or, while none was made, the topic's default (permanent for the
 * corruption report and the configured topics).
 */
import { corruptionReportTopic } from "../../domain/appeals/appeal-topics.ts";
import type { ArchiveRules } from "../../domain/archive/storage-terms.ts";
import type { DatabaseKind, SqlValue } from "./database.ts";

/** The states a case is closed in: answered, forwarded, left without an answer. */
const closedStates = ["answered", "forwarded", "without_answer"] as const;

const closedStatesSql = closedStates.map((state) => `'${state}'`).join(", ");

/** A closed case: one of the states, with its closing day. */
export const closedCaseSql = (alias: string) =>
  `${alias}.state IN (${closedStatesSql}) AND ${alias}.closed_on IS NOT NULL`;

/** The topics kept permanently by default: the corruption report and the configured ones. */
function permanentTopicsOf(rules: ArchiveRules): string[] {
  return [...new Set<string>([corruptionReportTopic, ...rules.permanentTopics])];
}

/**
 * A closed «5 лет ЭПК» case closed before `closedBefore` ('YYYY-MM-DD': 1 January of the first
 * closing year whose term has not ended), with its parameters.
 */
export function dueCondition(
  alias: string,
  rules: ArchiveRules,
  closedBefore: string,
): { sql: string; params: SqlValue[] } {
  const topics = permanentTopicsOf(rules);
  return {
    sql: `${closedCaseSql(alias)} AND ${alias}.closed_on < ?
      AND (${alias}.storage_term = 'five-years-epk' OR (${alias}.storage_term IS NULL
        AND (${alias}.topic IS NULL OR ${alias}.topic NOT IN (${topics.map(() => "?").join(", ")}))))`,
    params: [closedBefore, ...topics],
  };
}

/**
 * An act's line `line` names appeal `appeal`: appeals.id is a UUID on PostgreSQL, the line's
 * appeal_id text (it outlives the appeal, so no foreign key), cast so the appeals' key is used.
 */
export function lineNamesAppeal(kind: DatabaseKind, line: string, appeal: string): string {
  return kind === "postgres"
    ? `${appeal}.id = CAST(${line}.appeal_id AS UUID)`
    : `${appeal}.id = ${line}.appeal_id`;
}

/** The appeal ids an act lists and did not take off, as a subquery of appeals' own key type. */
export function listedIdsSql(kind: DatabaseKind): string {
  const id = kind === "postgres" ? "CAST(appeal_id AS UUID)" : "appeal_id";
  return `SELECT ${id} FROM archive_act_cases
    WHERE act_id = ? AND removed_at IS NULL AND appeal_id IS NOT NULL`;
}
