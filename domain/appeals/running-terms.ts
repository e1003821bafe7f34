/**
 * Which legal terms run for an appeal in its state, and how a term is written in Russian. The
 * dates come from the rules of the law in legal-terms.ts (this file only chooses among them, by
 * the appeal's state); the registry's SQL filter selects the same terms through
 * deadline-filter-ranges.ts. The registry list, the appeal page, the CSV export and the daily
 * reminder all read the terms and their words here, so they never disagree.
 */

import { formatRussianDate } from "../calendar/calendar-day.ts";
import { kirovIsoDate } from "../time/kirov-time.ts";
import { type AppealState, awaitsNotice } from "./appeal-states.ts";
import {
  answerDue,
  type DeadlineState,
  deadlineState,
  forwardDue,
  noticeDue,
  registrationDue,
} from "./legal-terms.ts";

export type DeadlineKind = "registration" | "answer" | "forward" | "notice";

export const deadlineKindLabels: Record<DeadlineKind, string> = {
  registration: "Регистрация",
  answer: "Ответ",
  forward: "Перенаправление по компетенции",
  notice: "Уведомление автора",
};

/** How a term's state is said beside its last day: nothing when the term is not near its end. */
export const deadlineStateWords: Record<DeadlineState, string> = {
  overdue: "просрочен",
  "last-day": "последний день",
  "last-third": "истекает",
  ok: "",
};

export type AppealDeadline = {
  kind: DeadlineKind;
  /** The last day of the term, 'YYYY-MM-DD' (Kirov). */
  due: string;
  state: DeadlineState;
};

/** The dates of an appeal that the terms count from. */
export type AppealDeadlineFacts = {
  state: AppealState;
  /** ISO 8601 moment of receipt. */
  created_at: string;
  registered_on: string | null;
  extension_days: number;
  without_answer_ground: string | null;
  notice_sent_on: string | null;
};

/**
 * The terms still running, soonest first. New: registration. Registered or in progress: the
 * answer, and forwarding should the appeal be outside competence. Left without an answer on a
 * ground that needs a notice: the notice, until it is sent. Answered or forwarded: none.
 */
export function runningDeadlines(appeal: AppealDeadlineFacts, today: string): AppealDeadline[] {
  // Each term with the day it counts from: the day of receipt, or of registration.
  const terms: Array<[DeadlineKind, string, string]> = [];
  if (appeal.state === "new") {
    const receivedAt = new Date(appeal.created_at);
    terms.push(["registration", registrationDue(receivedAt), kirovIsoDate(receivedAt)]);
  } else if (appeal.registered_on !== null) {
    const registeredOn = appeal.registered_on;
    if (appeal.state === "registered" || appeal.state === "in_progress") {
      terms.push(["forward", forwardDue(registeredOn), registeredOn]);
      terms.push(["answer", answerDue(registeredOn, appeal.extension_days), registeredOn]);
    } else if (awaitsNotice(appeal)) {
      terms.push(["notice", noticeDue(registeredOn), registeredOn]);
    }
  }
  return terms
    .map(([kind, due, start]) => ({ kind, due, state: deadlineState(due, today, start) }))
    .sort((a, b) => a.due.localeCompare(b.due));
}

/**
 * The term the registry shows in its list: the one that decides whether the appeal is late.
 * Forwarding is left out here (it applies only to appeals outside competence); the answer term
 * stands for registered appeals.
 */
export function nextDeadline(
  appeal: AppealDeadlineFacts,
  today: string,
): AppealDeadline | undefined {
  return runningDeadlines(appeal, today).find((deadline) => deadline.kind !== "forward");
}

/**
 * A term as plain text: 'до 24.11.2026', with its state when it has one ('до 24.11.2026
 * (просрочен)') and, `withKind`, its kind first ('Ответ: до 24.11.2026 (просрочен)'). The staff
 * pages and the daily reminder show terms this way; the CSV cell uses `deadlineStateWords` alone.
 */
export function describeDeadline(
  deadline: AppealDeadline,
  { withKind }: { withKind: boolean },
): string {
  const kind = withKind ? `${deadlineKindLabels[deadline.kind]}: ` : "";
  const words = deadlineStateWords[deadline.state];
  return `${kind}до ${formatRussianDate(deadline.due)}${words ? ` (${words})` : ""}`;
}
