/**
 * The appeals table's rows as the server reads them: a stored appeal, a registry row, its drafts'
 * marks, one appeal with everything the registry shows (appeals-repository.ts reads them).
 */
import type { AppealState } from "../../domain/appeals/appeal-states.ts";
import type { AppealDrafts } from "../../domain/staff/draft-marks.ts";
import type { NoticeDraftIntent } from "../../domain/staff/notice-drafts.ts";
import type { RegistryAppeal, RegistryRow } from "../../domain/staff/registry-types.ts";
import type { StoredAppeal } from "./appeals-repository.ts";
import { isoMoment, nullableText, type SqlRow } from "./database.ts";

export function toStoredAppeal(row: SqlRow): StoredAppeal {
  return {
    id: String(row.id),
    number: String(row.number),
    created_at: isoMoment(row.created_at),
    first_name: String(row.first_name),
    last_name: String(row.last_name),
    email: String(row.email),
    phone: String(row.phone),
    region: String(row.region),
    comment: String(row.comment),
    consent: true,
    phone_normalized: String(row.phone_normalized),
    consent_at: isoMoment(row.consent_at),
    consent_text_version: String(row.consent_text_version),
    client_ip: String(row.client_ip),
    user_agent: nullableText(row.user_agent),
    // A topic the citizen's page chose, or staff gave since (issue 19, 29).
    ...(row.topic ? { topic: String(row.topic) } : {}),
  };
}

export function toRow(row: SqlRow): RegistryRow {
  return {
    id: String(row.id),
    seq: Number(row.seq),
    number: String(row.number),
    created_at: isoMoment(row.created_at),
    state: String(row.state) as AppealState,
    registered_on: nullableText(row.registered_on),
    extension_days: Number(row.extension_days),
    without_answer_ground: nullableText(row.without_answer_ground),
    notice_sent_on: nullableText(row.notice_sent_on),
    assignee: nullableText(row.assignee),
    last_name: String(row.last_name),
    first_name: String(row.first_name),
    email: String(row.email),
    comment_start: String(row.comment_start ?? row.comment ?? "").slice(0, 120),
  };
}

/** The draft columns of registry-sql.ts's `draftColumns`. */
export function draftsOf(row: SqlRow): AppealDrafts {
  const answer = nullableText(row.answer_draft) as AppealDrafts["answer"];
  const notice = nullableText(row.notice_draft) as
    | NonNullable<AppealDrafts["notice"]>["state"]
    | null;
  return {
    answer,
    notice: notice
      ? { intent: String(row.notice_draft_intent) as NoticeDraftIntent, state: notice }
      : null,
  };
}

export function toRegistryAppeal(row: SqlRow): RegistryAppeal {
  return {
    ...toRow(row),
    phone: String(row.phone),
    phone_normalized: String(row.phone_normalized),
    region: String(row.region),
    comment: String(row.comment),
    consent_at: isoMoment(row.consent_at),
    consent_text_version: String(row.consent_text_version),
    client_ip: String(row.client_ip),
    user_agent: nullableText(row.user_agent),
    extension_reason: nullableText(row.extension_reason),
    forwarded_to: nullableText(row.forwarded_to),
    forwarded_on: nullableText(row.forwarded_on),
    answered_on: nullableText(row.answered_on),
    topic: nullableText(row.topic),
    storage_term: nullableText(row.storage_term),
    closed_on: nullableText(row.closed_on),
    follow_up_of: nullableText(row.follow_up_of),
    channel: row.channel === "mail" ? "mail" : "form",
    version: Number(row.version),
  };
}
