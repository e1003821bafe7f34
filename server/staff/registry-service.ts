/**
 * The registry's operations for one signed-in staff member: the list, one appeal with its audit
 * and notification, and state changes checked against the rules in domain/appeals/appeal-states.ts.
 */
import {
  allowedActions,
  appealActionLabels,
  groundLabel,
  targetState,
} from "../../domain/appeals/appeal-states.ts";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import type { AppealActionForm } from "../../domain/staff/appeal-action-form.ts";
import type { RegistryQuery } from "../../domain/staff/registry-query.ts";
import type { NotificationView, RegistryAppeal } from "../../domain/staff/registry-types.ts";
import type { ActionResult } from "../../domain/staff/staff-context.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import type { AppealChange, StaffStore } from "./staff-store.ts";

export const registryPageSize = 50;

/** The e-mail notification of an appeal: its delivery status and a way to send it again. */
export type AppealNotifications = {
  statusOf(appealId: string): Promise<NotificationView>;
  /** Puts a failed notification back in the queue; false when there is none to retry. */
  retry(appealId: string): Promise<boolean>;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether text can be an appeal id (PostgreSQL refuses a malformed uuid with an error). */
export function isAppealId(text: string): boolean {
  return uuidPattern.test(text);
}

function refused(status: number, message: string): ActionResult {
  return { ok: false, status, message };
}

/** A day typed by staff must lie between a start day and today. */
function dayProblem(day: string, notBefore: string, today: string, what: string) {
  if (day > today) return `${what} не может быть позже сегодняшнего дня`;
  if (day < notBefore) return `${what} не может быть раньше ${formatRussianDate(notBefore)}`;
  return undefined;
}

type PlannedChange = { change: AppealChange; details: string | null } | { problem: string };

function plan(appeal: RegistryAppeal, form: AppealActionForm, today: string): PlannedChange {
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
    case "answer": {
      const problem = dayProblem(form.answered_on, registeredOn, today, "Дата ответа");
      if (problem) return { problem };
      return {
        change: { state: "answered", answered_on: form.answered_on },
        details: `дата ответа ${formatRussianDate(form.answered_on)}`,
      };
    }
    case "forward": {
      const problem = dayProblem(form.forwarded_on, registeredOn, today, "Дата перенаправления");
      if (problem) return { problem };
      return {
        change: {
          state: "forwarded",
          forwarded_to: form.forwarded_to,
          forwarded_on: form.forwarded_on,
        },
        details: `направлено: ${form.forwarded_to}, ${formatRussianDate(form.forwarded_on)}`,
      };
    }
    case "leave-without-answer":
      return {
        change: { state: "without_answer", without_answer_ground: form.ground },
        details: `основание: ${groundLabel(form.ground)}`,
      };
    case "extend":
      return {
        change: { extension_days: form.extension_days, extension_reason: form.extension_reason },
        details: `срок ответа продлён на ${form.extension_days} дн.; причина: ${form.extension_reason}`,
      };
    case "notice-sent": {
      const problem = dayProblem(form.notice_sent_on, registeredOn, today, "Дата уведомления");
      if (problem) return { problem };
      return {
        change: { notice_sent_on: form.notice_sent_on },
        details: `автор уведомлён ${formatRussianDate(form.notice_sent_on)}`,
      };
    }
    case "retry-notification":
      return { problem: "Неизвестное действие" };
  }
}

export function createRegistryService(deps: {
  store: StaffStore;
  notifications: AppealNotifications;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    today: () => kirovIsoDate(now()),

    listAppeals(query: RegistryQuery) {
      return deps.store.listAppeals(query, kirovIsoDate(now()), registryPageSize);
    },

    async getAppeal(id: string) {
      if (!isAppealId(id)) return undefined;
      const appeal = await deps.store.getAppeal(id);
      if (!appeal) return undefined;
      const [audit, notification] = await Promise.all([
        deps.store.auditOf(id),
        deps.notifications.statusOf(id),
      ]);
      return { appeal, audit, notification };
    },

    async changeAppeal(login: string, id: string, form: AppealActionForm): Promise<ActionResult> {
      if (!isAppealId(id)) return refused(404, "Обращение не найдено.");
      const appeal = await deps.store.getAppeal(id);
      if (!appeal) return refused(404, "Обращение не найдено.");
      const time = now();

      if (form.intent === "retry-notification") {
        if (!(await deps.notifications.retry(id))) {
          return refused(409, "Повторять нечего: уведомление не в состоянии ошибки.");
        }
        await deps.store.audit({
          at: time,
          staff_login: login,
          appeal_id: id,
          action: "retry-notification",
          from_state: null,
          to_state: null,
          details: "уведомление поставлено в очередь повторно",
        });
        return { ok: true };
      }

      if (form.version !== appeal.version) {
        return refused(409, "Обращение изменилось, пока страница была открыта. Обновите её.");
      }
      if (!allowedActions(appeal).includes(form.intent)) {
        return refused(
          409,
          `Действие «${appealActionLabels[form.intent]}» недоступно в текущем состоянии обращения.`,
        );
      }
      const planned = plan(appeal, form, kirovIsoDate(time));
      if ("problem" in planned) return refused(400, `${planned.problem}.`);
      const to = targetState(form.intent, appeal.state);
      const applied = await deps.store.changeAppeal(
        id,
        { version: appeal.version, state: appeal.state },
        planned.change,
        {
          at: time,
          staff_login: login,
          appeal_id: id,
          action: form.intent,
          from_state: appeal.state,
          to_state: to,
          details: planned.details,
        },
      );
      if (!applied) {
        return refused(409, "Обращение изменилось, пока страница была открыта. Обновите её.");
      }
      return { ok: true };
    },
  };
}

export type RegistryService = ReturnType<typeof createRegistryService>;
