/**
 * The registry list's WHERE clause: keyset position, state, deadline and search, each written so
 * an index serves it (decision 0009). Written once for both databases (server/db/database.ts).
 */
import {
  type AppealAction,
  allowedActions,
  appealStates,
  isAppealState,
  noticeGroundCodes,
  openAppealStates,
} from "../../domain/appeals/appeal-states.ts";
import {
  type DeadlineFilter,
  deadlineFilterRanges,
  type StartDayRange,
} from "../../domain/appeals/deadline-filter-ranges.ts";
import { emailKey } from "../../domain/appeals/email-key.ts";
import { noticeDraftIntents } from "../../domain/staff/notice-drafts.ts";
import type { RegistryQuery, ScopedRegistryQuery } from "../../domain/staff/registry-query.ts";
import { searchTerm } from "../../domain/staff/registry-query.ts";
import { startOfKirovDay } from "../../domain/time/kirov-time.ts";
import type { SqlValue } from "./database.ts";

export type SqlCondition = { sql: string; params: SqlValue[] };

// The same text as the partial index appeals_open_seq (migration 3), so both databases use it.
const openStatesSql = `state IN (${openAppealStates.map((state) => `'${state}'`).join(", ")})`;

// A notice is due: awaitsNotice (domain/appeals/appeal-states.ts) in SQL, its grounds read from
// the domain's list, never restated here.
const awaitsNoticeSql = `state = 'without_answer' AND notice_sent_on IS NULL
          AND without_answer_ground IN (${noticeGroundCodes.map((code) => `'${code}'`).join(", ")})`;

function dayRange(column: string, range: StartDayRange): SqlCondition {
  return range.from === undefined
    ? { sql: `${column} < ?`, params: [range.to] }
    : { sql: `${column} >= ? AND ${column} < ?`, params: [range.from, range.to] };
}

function momentOfDay(day: string): string {
  return (startOfKirovDay(day) ?? new Date(`${day}T00:00:00Z`)).toISOString();
}

/** Appeals whose running term is overdue or due soon on `today`. */
export function deadlineCondition(filter: DeadlineFilter, today: string): SqlCondition {
  const ranges = deadlineFilterRanges(filter, today);
  const registration = ranges.registration;
  const received =
    registration.from === undefined
      ? { sql: "created_at < ?", params: [momentOfDay(registration.to)] }
      : {
          sql: "created_at >= ? AND created_at < ?",
          params: [momentOfDay(registration.from), momentOfDay(registration.to)],
        };
  const answerBranches = ranges.answer.map((range) => dayRange("registered_on", range));
  const answerSql = `CASE extension_days ${ranges.answer
    .map((range, index) => `WHEN ${range.extensionDays} THEN (${answerBranches[index]?.sql})`)
    .join(" ")} ELSE ${filter === "overdue" ? "1 = 1" : "1 = 0"} END`;
  const notice = dayRange("registered_on", ranges.notice);
  const answerParams = answerBranches.flatMap((branch) => branch.params);
  const openTerms = `(state = 'new' AND ${received.sql})
      OR (state IN ('registered', 'in_progress') AND ${answerSql})
      OR (${awaitsNoticeSql} AND ${notice.sql})`;
  if (filter === "overdue") {
    // Overdue appeals may be anywhere in time: walk the open appeals newest first (the partial
    // index appeals_open_seq, see sqliteIndexHint) until a page is full.
    return {
      sql: `${openStatesSql} AND (${openTerms})`,
      params: [...received.params, ...answerParams, ...notice.params],
    };
  }
  // Due soon (the last days): every range is bounded below, so the matching appeals are few and recent.
  // Finding them by the (state, created_at) and (state, registered_on) indexes, then paging by
  // seq, took the 1,000,000-appeal benchmark from 113 ms to under 1 ms on SQLite (decision 0009).
  const answerFrom = ranges.answer.map((range) => range.from ?? "").sort()[0] ?? "";
  const answerTo =
    ranges.answer
      .map((range) => range.to)
      .sort()
      .at(-1) ?? "";
  return {
    sql: `seq IN (
      SELECT seq FROM appeals WHERE state = 'new' AND ${received.sql}
      UNION ALL
      SELECT seq FROM appeals WHERE state IN ('registered', 'in_progress')
        AND registered_on >= ? AND registered_on < ? AND ${answerSql}
      UNION ALL
      SELECT seq FROM appeals WHERE ${awaitsNoticeSql} AND ${notice.sql})`,
    params: [...received.params, answerFrom, answerTo, ...answerParams, ...notice.params],
  };
}

/**
 * The list's order. On PostgreSQL a surname search sorts its few matches (`seq + 0` keeps the
 * planner off the primary key): walking every appeal newest first until 50 match, the plan it
 * picked otherwise, took 17 ms at the median for a surname with 1,000 matches in 1,000,000 appeals
 * and grows without bound for rarer ones; the index and a sort took 2 ms. SQLite already reads the
 * (last_name, seq) index in order (0.2 ms); the sort made it 4 ms (decision 0009).
 */
export function orderBy(
  query: Omit<RegistryQuery, "after">,
  database: "sqlite" | "postgres",
): string {
  return database === "postgres" && query.q && searchTerm(query.q).kind === "surname"
    ? "seq + 0 DESC"
    : "seq DESC";
}

/**
 * SQLite's planner, given the overdue filter alone, prefers walking the whole table newest first:
 * fast while overdue appeals are dense (as in the benchmark), a read of every row when they are
 * rare (as they should be). The open appeals' partial index is right in both cases.
 */
export function sqliteIndexHint(query: Omit<RegistryQuery, "after">): string {
  return query.deadline === "overdue" && !query.q && !query.state && !query.approval
    ? "INDEXED BY appeals_open_seq"
    : "";
}

/**
 * The appeal's drafts, for the list's mark (domain/staff/draft-marks.ts): an answer not yet sent
 * and a notice draft, each found by its appeal (the answers' unique appeal_id, the drafts' key).
 */
export const draftColumns = `(SELECT appeal_answers.state FROM appeal_answers
    WHERE appeal_answers.appeal_id = appeals.id AND appeal_answers.state <> 'sent') AS answer_draft,
  (SELECT appeal_notice_drafts.state FROM appeal_notice_drafts
    WHERE appeal_notice_drafts.appeal_id = appeals.id) AS notice_draft,
  (SELECT appeal_notice_drafts.intent FROM appeal_notice_drafts
    WHERE appeal_notice_drafts.appeal_id = appeals.id) AS notice_draft_intent`;

/** The states `allowedActions` takes `action` in, as SQL text (an extension: before any). */
function statesAllowing(action: AppealAction): string {
  const facts = { extension_days: 0, without_answer_ground: null, notice_sent_on: null };
  return appealStates
    .filter((state) => allowedActions({ ...facts, state }).includes(action))
    .map((state) => `'${state}'`)
    .join(", ");
}

// A notice draft a head can still approve: its action allowed in the appeal's state, and an
// extension only while the term has none (allowedActions: the term is extended once).
const decidableNoticeSql = noticeDraftIntents
  .map(
    (intent) =>
      `(appeal_notice_drafts.intent = '${intent}' AND drafted.state IN (${statesAllowing(intent)})${
        intent === "extend" ? " AND drafted.extension_days = 0" : ""
      })`,
  )
  .join(" OR ");

/**
 * The filter «Ждут согласования»: appeals with an answer or a notice draft awaiting a head's
 * approval that the head can still decide (draftReviewOf's rule). Found from the drafts, which
 * are few (the answers' partial index appeal_answers_awaiting, migration 12; the notice drafts'
 * table holds drafts only), then their appeals by primary key and unique id.
 */
const awaitingApprovalCondition: SqlCondition = {
  sql: `seq IN (
      SELECT drafted.seq FROM appeal_answers
        JOIN appeals drafted ON drafted.id = appeal_answers.appeal_id
        WHERE appeal_answers.state = 'awaiting_approval'
          AND drafted.state IN (${statesAllowing("answer")})
      UNION ALL
      SELECT drafted.seq FROM appeal_notice_drafts
        JOIN appeals drafted ON drafted.id = appeal_notice_drafts.appeal_id
        WHERE appeal_notice_drafts.state = 'awaiting_approval' AND (${decidableNoticeSql}))`,
  params: [],
};

/** Every condition of a list query but the keyset position, joined with AND. */
export function filterConditions(
  query: Omit<ScopedRegistryQuery, "after">,
  today: string,
): SqlCondition[] {
  const conditions: SqlCondition[] = [];
  if (query.assignee !== undefined) {
    conditions.push({ sql: "assignee = ?", params: [query.assignee] });
  }
  if (query.state && isAppealState(query.state)) {
    conditions.push({ sql: "state = ?", params: [query.state] });
  }
  if (query.deadline) conditions.push(deadlineCondition(query.deadline, today));
  if (query.approval === "awaiting") conditions.push(awaitingApprovalCondition);
  if (query.q) {
    const term = searchTerm(query.q);
    if (term.kind === "number") conditions.push({ sql: "number = ?", params: [term.number] });
    else if (term.kind === "email") {
      conditions.push({ sql: "email_key = ?", params: [emailKey(term.email)] });
    } else {
      conditions.push({
        sql: `last_name IN (${term.variants.map(() => "?").join(", ")})`,
        params: term.variants,
      });
    }
  }
  return conditions;
}

export function whereClause(conditions: SqlCondition[]): SqlCondition {
  if (conditions.length === 0) return { sql: "", params: [] };
  return {
    sql: `WHERE ${conditions.map((condition) => `(${condition.sql})`).join(" AND ")}`,
    params: conditions.flatMap((condition) => condition.params),
  };
}
