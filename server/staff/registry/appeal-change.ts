/**
 * A change of an appeal's state or terms from one of its forms, whoever makes it and whenever:
 * `planChange` checks it against the rules (the version the page showed, the actions the state
 * allows, the days typed) and says what it would do; `writeChange` makes it, with its audit line
 * and the citizen's notice, in the caller's transaction. A head's own forward and a head's
 * approval of an executor's drafted forward go through both alike.
 */
import { isNoticeKind, type NoticeKind } from "../../../content/notice-templates.ts";
import {
  type AppealState,
  allowedActions,
  appealActionLabels,
  groundLabel,
  targetState,
} from "../../../domain/appeals/appeal-states.ts";
import { formatRussianDate } from "../../../domain/calendar/calendar-day.ts";
import type { AppealActionForm } from "../../../domain/staff/appeal-action-form.ts";
import type { RegistryAppeal } from "../../../domain/staff/registry-types.ts";
import type { ActionResult } from "../../../domain/staff/staff-ports.ts";
import { kirovIsoDate } from "../../../domain/time/kirov-time.ts";
import type { AppealChange } from "../../db/appeals-repository.ts";
import { appealEntry } from "../../db/audit-repository.ts";
import type { DataLayer } from "../../db/data-layer.ts";
import type { Transaction } from "../../db/database.ts";
import { changedMeanwhile } from "./changed-meanwhile.ts";

/**
 * A form that changes the appeal's state or terms. The answer's forms go to the answer service
 * (answer-service.ts), the assignment and the notes to the team service (team-service.ts).
 */
export type StateChangeForm = Extract<
  AppealActionForm,
  { intent: "register" | "start" | "forward" | "leave-without-answer" | "extend" | "notice-sent" }
>;

/** A change the rules allow, and what it does. */
export type PlannedChange = {
  form: StateChangeForm;
  from: AppealState;
  to: AppealState;
  change: AppealChange;
  /** The audit line's words: 'направлено: …, 20.11.2026'. */
  details: string | null;
  /** The legal notice it mails to the author, if any. */
  notice?: NoticeKind;
};

type Refusal = Exclude<ActionResult, { ok: true }>;

/** A day typed by staff must lie between a start day and today. */
function dayProblem(day: string, notBefore: string, today: string, what: string) {
  if (day > today) return `${what} не может быть позже сегодняшнего дня`;
  if (day < notBefore) return `${what} не может быть раньше ${formatRussianDate(notBefore)}`;
  return undefined;
}

type Effect = Pick<PlannedChange, "change" | "details" | "notice"> | { problem: string };

function effectOf(appeal: RegistryAppeal, form: StateChangeForm, today: string): Effect {
  const receivedOn = kirovIsoDate(new Date(appeal.created_at));
  const registeredOn = appeal.registered_on ?? receivedOn;
  switch (form.intent) {
    case "register": {
      const problem = dayProblem(form.registered_on, receivedOn, today, "Дата регистрации");
      if (problem) return { problem };
      return {
        change: { state: "registered", registered_on: form.registered_on },
        details: `дата регистрации ${formatRussianDate(form.registered_on)}`,
      };
    }
    case "start":
      return { change: { state: "in_progress" }, details: null };
    case "forward": {
      const problem = dayProblem(form.forwarded_on, registeredOn, today, "Дата перенаправления");
      if (problem) return { problem };
      return {
        change: {
          state: "forwarded",
          forwarded_to: form.forwarded_to,
          forwarded_on: form.forwarded_on,
          closed_on: form.forwarded_on,
        },
        details: `направлено: ${form.forwarded_to}, ${formatRussianDate(form.forwarded_on)}`,
        notice: "forwarded",
      };
    }
    case "leave-without-answer":
      return {
        // Left today (the day of the head's approval, for a drafted one): the case closes today.
        change: { state: "without_answer", without_answer_ground: form.ground, closed_on: today },
        details: `основание: ${groundLabel(form.ground)}`,
        // The grounds that require telling the author are the notices of the same names.
        notice: isNoticeKind(form.ground) ? form.ground : undefined,
      };
    case "extend":
      return {
        change: { extension_days: form.extension_days, extension_reason: form.extension_reason },
        details: `срок ответа продлён на ${form.extension_days} дн.; причина: ${form.extension_reason}`,
        notice: "extended",
      };
    case "notice-sent": {
      const problem = dayProblem(form.notice_sent_on, registeredOn, today, "Дата уведомления");
      if (problem) return { problem };
      return {
        change: { notice_sent_on: form.notice_sent_on },
        details: `автор уведомлён ${formatRussianDate(form.notice_sent_on)}`,
      };
    }
  }
}

/** The change `form` would make to the appeal as it is now, or why it may not. */
export function planChange(
  appeal: RegistryAppeal,
  form: StateChangeForm,
  today: string,
): { ok: true; planned: PlannedChange } | Refusal {
  if (form.version !== appeal.version) return changedMeanwhile;
  if (!allowedActions(appeal).includes(form.intent)) {
    return {
      ok: false,
      status: 409,
      message: `Действие «${appealActionLabels[form.intent]}» недоступно в текущем состоянии обращения.`,
    };
  }
  const effect = effectOf(appeal, form, today);
  if ("problem" in effect) return { ok: false, status: 400, message: `${effect.problem}.` };
  return {
    ok: true,
    planned: { form, from: appeal.state, to: targetState(form.intent, appeal.state), ...effect },
  };
}

/**
 * Makes a planned change in the caller's transaction: the appeal (if still at the version and
 * state planned from), its audit line and the notice it calls for. False, with nothing written,
 * when the appeal changed meanwhile.
 */
export async function writeChange(
  data: Pick<DataLayer, "appeals" | "audit" | "deliveries">,
  tx: Transaction,
  appeal: RegistryAppeal,
  planned: PlannedChange,
  by: {
    login: string;
    at: Date;
    /** The audit line's action: the form's intent unless told ('approve-notice'). */
    action?: string;
    /** Words added to the audit line's details ('подготовил ivan'). */
    more?: string;
  },
): Promise<boolean> {
  const changed = await data.appeals.change(
    appeal.id,
    { version: appeal.version, state: appeal.state },
    planned.change,
    tx,
  );
  if (!changed) return false;
  await data.audit.record(
    appealEntry(by.at, by.login, appeal.id, by.action ?? planned.form.intent, {
      from: planned.from,
      to: planned.to,
      details: [planned.details, by.more].filter(Boolean).join("; ") || null,
    }),
    tx,
  );
  if (planned.notice) {
    await data.deliveries.enqueue(
      {
        kind: "appeal-notice",
        appealId: appeal.id,
        recipients: [{ address: appeal.email }],
        payload: { notice: planned.notice },
        at: by.at,
      },
      tx,
    );
  }
  return true;
}
