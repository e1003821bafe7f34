/**
 * What a registrar or a head types on the mailbox's pages (issue 46), checked as the appeal form
 * checks the same fields (domain/appeals/appeal-schema.ts: one rule, one Russian message), and
 * a reason, required. A refusal is a 400 with the message to show.
 */
import { requiredMessage, validateAppeal } from "../../../domain/appeals/appeal-schema.ts";
import { readRegistrationNumber } from "../../../domain/appeals/registration-number.ts";
import type { RegisterMessageForm } from "../../../domain/staff/mailbox-port.ts";
import type { ActionResult } from "../../../domain/staff/staff-ports.ts";

type Refusal = Exclude<ActionResult, { ok: true }>;

const refused = (message: string): Refusal => ({ ok: false, status: 400, message });

/** A reason is one line or a few: required, at most 500 characters. */
const reasonLimit = 500;

/** A phone the form's rule accepts, standing in when none was typed (a mail often gives none). */
const anyValidPhone = "+79000000000";

/** The author as checked: names, e-mail and region as the form stores them; phone may be empty. */
export type CheckedAuthor = {
  lastName: string;
  firstName: string;
  email: string;
  phone: string;
  region: string;
  followUpOf: string | null;
};

const fieldLabels: Record<string, string> = {
  last_name: "Фамилия",
  first_name: "Имя",
  email: "Электронная почта",
  phone: "Телефон",
  region: "Регион",
};

/** The author's fields by the appeal form's schema; the text is the message's, checked apart. */
export function checkAuthor(
  form: RegisterMessageForm,
): { ok: true; author: CheckedAuthor } | Refusal {
  const phone = form.phone.trim();
  const checked = validateAppeal({
    last_name: form.lastName,
    first_name: form.firstName,
    email: form.email,
    phone: phone === "" ? anyValidPhone : phone,
    region: form.region,
    comment: "—",
    consent: true,
  });
  if (!checked.ok) {
    const problems = Object.entries(checked.errors).map(([field, message]) =>
      message === requiredMessage ? `${fieldLabels[field] ?? field}: ${message}` : message,
    );
    return refused(problems.join("; "));
  }
  const followUp = form.followUpOf.trim();
  const number = followUp === "" ? null : readRegistrationNumber(followUp);
  if (number === undefined) {
    return refused("Повторное обращение к: введите регистрационный номер, например А-2026-000123");
  }
  const { value } = checked;
  return {
    ok: true,
    author: {
      lastName: value.last_name,
      firstName: value.first_name,
      email: value.email,
      phone: phone === "" ? "" : value.phone,
      region: value.region,
      followUpOf: number,
    },
  };
}

/** A corrected address, by the form's rule for an e-mail address. */
export function checkAddress(address: string): { ok: true; address: string } | Refusal {
  if (address.trim() === "") return refused("Укажите исправленный адрес электронной почты.");
  const checked = checkAuthor({
    lastName: "А",
    firstName: "А",
    email: address,
    phone: "",
    region: "",
    followUpOf: "",
  });
  if (!checked.ok) return refused(`Исправленный адрес: ${checked.message}`);
  return { ok: true, address: checked.author.email };
}

/** A reason staff give for a change: required, trimmed, one paragraph at most 500 characters. */
export function checkReason(
  reason: string,
  missing: string,
): { ok: true; reason: string } | Refusal {
  const text = reason.replace(/\s+/g, " ").trim();
  if (text === "") return refused(missing);
  if (/[\p{Cc}\p{Cs}]/u.test(text)) {
    return refused("Причина содержит недопустимые символы (управляющие или повреждённые).");
  }
  if (text.length > reasonLimit) return refused(`Причина — не длиннее ${reasonLimit} знаков.`);
  return { ok: true, reason: text };
}
