/**
 * What the staff registry shows, as the server hands it to the staff pages. Moments are ISO 8601
 * (UTC) text; days are Kirov calendar days 'YYYY-MM-DD'.
 */
import type { AppealState } from "../appeals/appeal-states.ts";
import type { AppealDrafts } from "./draft-marks.ts";
import type { NoticeDraftIntent, NoticeDraftState } from "./notice-drafts.ts";

/** One row of the list. */
export type RegistryRow = {
  id: string;
  /** Keyset position (the store's sequence): the next page starts below it. */
  seq: number;
  number: string;
  created_at: string;
  state: AppealState;
  registered_on: string | null;
  extension_days: number;
  without_answer_ground: string | null;
  notice_sent_on: string | null;
  /** The executor the appeal is assigned to (a login), if any. */
  assignee: string | null;
  last_name: string;
  first_name: string;
  email: string;
  /** The first 120 characters of the citizen's text, for the list. */
  comment_start: string;
};

/** A row as the list and the CSV read it: with its drafts, for the mark «На согласовании». */
export type ListedRow = RegistryRow & { drafts: AppealDrafts };

export type RegistryPage = {
  rows: ListedRow[];
  /** The `after` of the next page, when there is one. */
  nextAfter: number | undefined;
};

/** Every stored field of one appeal and its registry facts. */
export type RegistryAppeal = RegistryRow & {
  phone: string;
  phone_normalized: string;
  region: string;
  comment: string;
  consent_at: string;
  consent_text_version: string;
  client_ip: string;
  user_agent: string | null;
  extension_reason: string | null;
  forwarded_to: string | null;
  forwarded_on: string | null;
  answered_on: string | null;
  /** A code of domain/appeals/appeal-topics.ts, or null until staff pick one. */
  topic: string | null;
  /**
   * The storage term staff chose (domain/archive/storage-terms.ts), or null: the topic's default
   * holds (storageTermOf).
   */
  storage_term: string | null;
  /** The Kirov day the case was closed (answered, forwarded, left without an answer), if it was. */
  closed_on: string | null;
  /**
   * Issue 46: the registration number of the appeal this one follows up («Повторное обращение
   * к …»), and how it came. The store always fills both; a hand-built appeal may leave them out
   * (none, and the form).
   */
  follow_up_of?: string | null;
  channel?: "form" | "mail";
  /** Grows with every change: a form made from an older version is refused. */
  version: number;
};

/** One line of an appeal's audit log. */
export type AuditEntry = {
  seq: number;
  at: string;
  staff_login: string;
  action: string;
  from_state: string | null;
  to_state: string | null;
  /** What changed besides the state, already readable ('перенаправлено: …'). */
  details: string | null;
};

/** The e-mail notification of a new appeal, as staff see it. */
/** A mail to the author of an appeal (the acknowledgement, a legal notice), as staff see it. */
/**
 * A bounce read from the mailbox (issue 46): permanent — «не доставлено», with the reason in
 * Russian words; temporary — noted, the mail may still arrive.
 */
export type DeliveryBounceView = {
  permanent: boolean;
  reason: string;
  /** The enhanced status code, e.g. '5.1.1', when the report gave one. */
  status: string | null;
  /** When the server read it (ISO 8601). */
  at: string;
};

export type AuthorMailView = {
  /** What it is, in Russian: 'Подтверждение получения', 'Уведомление о продлении срока', … */
  what: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  /** When it was written (with the action that called for it). */
  writtenAt: string;
  sentAt: string | null;
  /** What came back for it from the mailbox (issue 46); null: nothing. */
  bounce: DeliveryBounceView | null;
};

export type NotificationView = {
  status: "pending" | "sent" | "failed" | "none";
  attempts: number;
  /** When it was sent, or when the last try was made. */
  at: string | null;
};

/** One file kept with an answer, as staff see it (downloaded at `/staff/appeals/:id/files/:fileId`). */
export type AnswerFileView = {
  id: string;
  fileName: string;
  mediaType: string;
  byteSize: number;
  sha256: string;
};

/** The answer sent to the author from the registry: the record of what was said, when, to whom. */
export type AnswerView = {
  /** An executor's draft waits for a head ('awaiting_approval'), came back ('returned'), or went out. */
  state: "awaiting_approval" | "returned" | "sent";
  /** The head who approved or returned it, and what to change. */
  reviewedBy: string | null;
  reviewComment: string | null;
  text: string;
  outgoingNumber: string | null;
  staffLogin: string;
  /** When staff sent it (ISO 8601). */
  createdAt: string;
  /** The Kirov day the appeal counts as answered. */
  answeredOn: string;
  files: AnswerFileView[];
  /** The mail to the author: to which address, its state and when it left. */
  mail: {
    to: string;
    status: "pending" | "sent" | "failed";
    attempts: number;
    sentAt: string | null;
    /** What came back for it from the mailbox (issue 46); null: nothing. */
    bounce: DeliveryBounceView | null;
  } | null;
  /** Recorded when the mail failed and the answer went by post instead. */
  byPost: { on: string; address: string; login: string } | null;
  /** A draft's revision, carried by a head's decision (a revised draft is not decided unread). */
  revision: number;
};

/** What the answer's preview shows: the mail as the author will get it, without sending it. */
export type AnswerPreview = {
  to: string;
  subject: string;
  text: string;
  files: Array<{ fileName: string; mediaType: string; byteSize: number }>;
};

/**
 * An executor's drafted forward, extension or leaving without an answer, as the appeal's page
 * shows it: waiting for a head ('awaiting_approval') or sent back ('returned', with the comment).
 */
export type NoticeDraftView = {
  intent: NoticeDraftIntent;
  /** 'Перенаправление обращения', … */
  title: string;
  state: NoticeDraftState;
  /** The form's fields as drafted: the executor's form starts from them after a return. */
  fields: Record<string, string>;
  /** What approving it would do now. */
  effect: {
    /** 'направлено: …, 20.11.2026', or why it could not be applied as it stands. */
    details: string;
    /** The state the appeal would move to; null: it keeps its state. */
    state: string | null;
    /** The notice the author would be mailed; null: none. */
    notice: string | null;
  };
  draftedBy: string;
  draftedAt: string;
  reviewedBy: string | null;
  reviewComment: string | null;
  /** The draft's revision, carried by a head's decision (a revised draft is not decided unread). */
  revision: number;
};
