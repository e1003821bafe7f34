/**
 * How the act page's action reads its three forms (archive-act-forms.tsx): what each must carry,
 * and a refusal naming the field at fault, so the page shows the message at that field with what
 * was typed. The server checks everything again (the viewer's role, the act's state and version).
 */
import { isIsoDate } from "../../../domain/calendar/calendar-day.ts";

export type ActFormTyped = {
  position?: string;
  reason?: string;
  protocolNumber?: string;
  protocolDate?: string;
};

export type ActCommand =
  | { intent: "remove-case"; version: number; position: number; reason: string }
  | { intent: "annul"; version: number; reason: string }
  | { intent: "approve"; version: number; protocol: { number: string; date: string } };

export type ActFormRefusal = {
  intent: ActCommand["intent"] | undefined;
  /** The control's id on the page; none: the whole form (shown above the page only). */
  field: string | undefined;
  message: string;
  typed: ActFormTyped;
};

const maxReason = 1000;
const maxProtocolNumber = 100;

export function readActForm(
  fields: URLSearchParams,
  today: string,
): { ok: true; command: ActCommand; typed: ActFormTyped } | ({ ok: false } & ActFormRefusal) {
  const text = (name: string) => String(fields.get(name) ?? "").trim();
  const intent = text("intent");
  const typed: ActFormTyped = {
    position: text("position") || undefined,
    reason: text("reason") || undefined,
    protocolNumber: text("protocol_number") || undefined,
    protocolDate: text("protocol_date") || undefined,
  };
  const known = intent === "remove-case" || intent === "annul" || intent === "approve";
  const refuse = (field: string | undefined, message: string) =>
    ({ ok: false, intent: known ? intent : undefined, field, message, typed }) as const;
  if (!known) return refuse(undefined, "Неизвестное действие: обновите страницу");
  const versionText = text("version");
  if (!/^\d{1,9}$/.test(versionText)) {
    return refuse(undefined, "Не указана версия акта: обновите страницу");
  }
  const version = Number(versionText);
  const reason = text("reason");
  if (intent === "remove-case") {
    if (!/^\d{1,6}$/.test(text("position"))) return refuse("remove-position", "Выберите дело");
    if (reason === "")
      return refuse("remove-reason", "Укажите причину, по которой дело снимается с акта");
    if (reason.length > maxReason) {
      return refuse("remove-reason", `Причина — не длиннее ${maxReason} знаков`);
    }
    return {
      ok: true,
      command: { intent, version, position: Number(text("position")), reason },
      typed,
    };
  }
  if (intent === "annul") {
    if (reason === "") return refuse("annul-reason", "Укажите причину аннулирования");
    if (reason.length > maxReason) {
      return refuse("annul-reason", `Причина — не длиннее ${maxReason} знаков`);
    }
    return { ok: true, command: { intent, version, reason }, typed };
  }
  const number = text("protocol_number");
  const date = text("protocol_date");
  if (number === "") return refuse("approve-number", "Укажите номер протокола экспертной комиссии");
  if (number.length > maxProtocolNumber) {
    return refuse("approve-number", `Номер протокола — не длиннее ${maxProtocolNumber} знаков`);
  }
  if (!isIsoDate(date)) return refuse("approve-date", "Укажите дату протокола");
  if (date > today) return refuse("approve-date", "Дата протокола не может быть позже сегодняшней");
  return { ok: true, command: { intent, version, protocol: { number, date } }, typed };
}
