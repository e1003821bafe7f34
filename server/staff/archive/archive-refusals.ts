/**
 * What the archive refuses, and why, in the words staff read (issue 45): every refusal is a 4xx
 * with a message, never a server error for what was typed.
 */
import { isIsoDate } from "../../../domain/calendar/calendar-day.ts";
import type { ActionResult } from "../../../domain/staff/staff-ports.ts";

export type Refusal = Exclude<ActionResult, { ok: true }>;

export function refused(status: number, message: string): Refusal {
  return { ok: false, status, message };
}

export const noSuchAct = refused(404, "Акт не найден.");
export const notADraft = refused(409, "Акт уже не проект: изменить его нельзя.");
export const actChangedMeanwhile = refused(
  409,
  "Акт изменился, пока страница была открыта. Обновите её.",
);
export const noSuchAppeal = refused(404, "Обращение не найдено.");

/** Longest reason or protocol number kept: a sentence or two, not a document. */
const reasonMax = 1000;
const protocolNumberMax = 100;

/** A reason typed in: trimmed, required, of a sane length; or why not. */
export function checkedReason(
  typed: string,
  missing: string,
): { ok: true; reason: string } | Refusal {
  const reason = typed.trim();
  if (reason === "") return refused(400, missing);
  if (reason.length > reasonMax) {
    return refused(400, `Причина слишком длинная: не более ${reasonMax} знаков.`);
  }
  return { ok: true, reason };
}

/** The commission's protocol as typed: a number, and a real day not after `today`. */
export function checkedProtocol(
  typed: { number: string; date: string },
  today: string,
): { ok: true; number: string; date: string } | Refusal {
  const number = typed.number.trim();
  const date = typed.date.trim();
  if (number === "") return refused(400, "Укажите номер протокола экспертной комиссии.");
  if (number.length > protocolNumberMax) {
    return refused(400, `Номер протокола слишком длинный: не более ${protocolNumberMax} знаков.`);
  }
  if (!isIsoDate(date)) {
    return refused(400, "Укажите дату протокола экспертной комиссии (день, месяц и год).");
  }
  if (date > today) return refused(400, "Дата протокола не может быть позже сегодняшнего дня.");
  return { ok: true, number, date };
}

/** The cases an approval found no longer due, named by their registration numbers. */
export function noLongerDue(numbers: readonly string[]): Refusal {
  return refused(
    409,
    `Акт не утверждён: ${numbers.length === 1 ? "дело" : "дела"} ${numbers.join(", ")} ` +
      "уже нельзя уничтожить (дело снова открыто, изменён срок хранения или срок не истёк). " +
      "Исключите их из акта или составьте новый.",
  );
}

/** Nothing due to put on a new act. */
export function nothingDue(closedYear: number | null): Refusal {
  return refused(
    409,
    closedYear === null
      ? "Нет дел с истёкшим сроком хранения, не включённых в другой акт: акт составлять не из чего."
      : `Нет дел, закрытых в ${closedYear} году, с истёкшим сроком хранения и не включённых в другой акт.`,
  );
}
