/**
 * A reply template's text with the appeal's values put in: {number}, {receivedOn},
 * {registeredOn}, {firstName}, {lastName}. An unknown placeholder stays as typed, so a head sees
 * it in the answer form and fixes the template, rather than a citizen getting a blank.
 */
import { formatRussianDate } from "../calendar/calendar-day.ts";
import { kirovIsoDate } from "../time/kirov-time.ts";

export const replyTemplatePlaceholders = {
  number: "номер обращения",
  receivedOn: "дата поступления",
  registeredOn: "дата регистрации",
  firstName: "имя автора",
  lastName: "фамилия автора",
} as const;

type ReplyTemplatePlaceholder = keyof typeof replyTemplatePlaceholders;

export function fillReplyTemplate(
  text: string,
  appeal: {
    number: string;
    created_at: string;
    registered_on: string | null;
    first_name: string;
    last_name: string;
  },
): string {
  const values: Record<ReplyTemplatePlaceholder, string> = {
    number: appeal.number,
    receivedOn: formatRussianDate(kirovIsoDate(new Date(appeal.created_at))),
    registeredOn: appeal.registered_on ? formatRussianDate(appeal.registered_on) : "—",
    firstName: appeal.first_name,
    lastName: appeal.last_name,
  };
  // Own keys only: `in` would also find what every object inherits ({constructor}, {toString}).
  return text.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as ReplyTemplatePlaceholder] : whole,
  );
}
