/**
 * The one schema of a citizen's appeal, shared by the page (checks before sending) and the
 * server (the rule that counts). Browser-safe: zod only, as zod/mini: the same checks and
 * messages as zod's methods, but functions a bundler can leave out when unused, so the page's
 * lazy chunk of the schema carries only what it calls.
 */
import { z } from "zod/mini";
import {
  type AppealErrors,
  type AppealField,
  appealFields,
  formErrorKey,
  honeypotField,
} from "./appeal-fields.ts";
import { citizenTopicCodes } from "./appeal-topics.ts";
import { regionOptions } from "./regions.ts";

export const requiredMessage = "Это обязательное поле";
export const messages = {
  required: requiredMessage,
  wrongType: "Неверный тип значения: ожидается текст",
  firstName: "Имя: от 1 до 100 знаков — буквы любого алфавита, пробелы, дефисы, апострофы и точки",
  lastName:
    "Фамилия: от 1 до 100 знаков — буквы любого алфавита, пробелы, дефисы, апострофы и точки",
  controlCharacters:
    "Текст содержит недопустимые символы (управляющие или повреждённые): уберите их",
  email: "Введите адрес электронной почты в формате name@example.ru",
  emailTooLong: "Адрес электронной почты — не длиннее 254 знаков",
  phone: "Введите номер телефона России, например +7 912 345-67-89",
  region: "Выберите регион из списка",
  commentTooLong: "Текст обращения — не длиннее 5000 знаков",
  consent: "Подтвердите согласие на обработку персональных данных",
  notAnObject: "Ожидается объект с полями обращения",
  unknownFields: "Неизвестные поля",
  topic: "Неизвестная тема обращения",
} as const;

/**
 * A name as its bearer writes it: letters of any alphabet (Tatar ә, Chuvash ӑ, Yakut ҥ, Polish ł,
 * Turkish ğ, Greek, Georgian…) with their combining marks, spaces, hyphens, apostrophes (' and ’)
 * and dots (initials, "St. John"); no digits or other symbols.
 */
const namePattern = /^[\p{L}\p{M}' ’.-]+$/u;
const hasLetter = /\p{L}/u;

/**
 * Control characters (C0, DEL, C1) and lone surrogates: invisible, able to drive a terminal, and
 * NUL is refused by PostgreSQL while SQLite keeps it, so both stores must never see them. The
 * comment alone keeps line breaks and tabs.
 */
const controlCharacters = /[\p{Cc}\p{Cs}]/u;
const controlCharactersButLineBreaks = /[^\P{Cc}\t\n\r]|\p{Cs}/u;

/**
 * A practical e-mail address: a local part of up to 64 letters, digits and `._%+'-` (no leading,
 * trailing or doubled dot), then a domain of dot-separated labels ending in a top-level domain of letters
 * (Cyrillic domains such as почта.рф included) or a punycode `xn--` label.
 */
const emailPattern =
  /^(?=[^@]{1,64}@)(?!\.)(?!.*\.\.)[\p{L}\p{N}._%+'-]*[\p{L}\p{N}_%+'-]@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu;

/**
 * A Russian phone number in any usual writing ('+7 (912) 345-67-89', '8 912 345 67 89',
 * '89123456789', '(8332) 64-12-34' with the 8 in front) -> '+79123456789'; null when it is not
 * one. National numbers start with 3, 4, 8 or 9 (the Russian part of the +7 zone).
 */
export function normalizePhone(typed: string): string | null {
  const text = typed.trim();
  if (text.length > 30 || !/^\+?[\d\s().-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  let national: string;
  if (text.startsWith("+")) {
    if (digits.length !== 11 || !digits.startsWith("7")) return null;
    national = digits.slice(1);
  } else if (digits.length === 11 && (digits.startsWith("8") || digits.startsWith("7"))) {
    national = digits.slice(1);
  } else if (digits.length === 10) {
    national = digits;
  } else {
    return null;
  }
  return /^[3489]/.test(national) ? `+7${national}` : null;
}

/**
 * A string field: missing or null reads as empty (required), any other type is refused; control
 * characters are refused before any other rule; the rest is trimmed and stored in NFC (one form
 * for "й" typed as one code point or as и + combining breve).
 */
function text(refused: RegExp = controlCharacters) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? requiredMessage : messages.wrongType,
    })
    .check(
      z.refine((value) => !refused.test(value), {
        error: messages.controlCharacters,
        abort: true,
      }),
      z.trim(),
      z.normalize("NFC"),
    );
}

function personName(message: string) {
  return text().check(
    z.minLength(1, requiredMessage),
    z.maxLength(100, { error: message, abort: true }),
    z.regex(namePattern, message),
    z.regex(hasLetter, message),
  );
}

const regionSet = new Set(regionOptions);

const appealSchema = z.strictObject({
  first_name: personName(messages.firstName),
  last_name: personName(messages.lastName),
  email: text().check(
    z.minLength(1, requiredMessage),
    z.maxLength(254, { error: messages.emailTooLong, abort: true }),
    z.regex(emailPattern, messages.email),
  ),
  // Kept as typed (trimmed); the server stores normalizePhone(phone) beside it.
  phone: text().check(
    z.minLength(1, requiredMessage),
    z.refine((value) => normalizePhone(value) !== null, messages.phone),
  ),
  // Not required: empty or absent is no region. Otherwise exactly one of the list's options.
  region: z._default(
    z
      .string({ error: messages.region })
      .check(z.refine((value) => value === "" || regionSet.has(value), messages.region)),
    "",
  ),
  comment: text(controlCharactersButLineBreaks).check(
    z.minLength(1, requiredMessage),
    z.maxLength(5000, messages.commentTooLong),
  ),
  consent: z.literal(true, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === false
        ? requiredMessage
        : messages.consent,
  }),
  // Issue 29: the topic a page of the form chose (a hidden field); none on /appeals.
  topic: z.optional(z.enum(citizenTopicCodes, { error: messages.topic })),
});

/** An appeal that passed the schema: names, e-mail and comment trimmed, region "" when none. */
type AppealInput = z.infer<typeof appealSchema>;

export type AppealValidation =
  | { ok: true; value: AppealInput }
  | { ok: false; errors: AppealErrors };

/**
 * Checks an appeal and gives one Russian message per field (the first problem found), under the
 * field's API name; problems of the whole body under `_form`. The honeypot field is ignored.
 */
export function validateAppeal(input: unknown): AppealValidation {
  let candidate = input;
  if (isPlainObject(input) && honeypotField in input) {
    const { [honeypotField]: _ignored, ...rest } = input;
    candidate = rest;
  }
  const result = appealSchema.safeParse(candidate);
  if (result.success) return { ok: true, value: result.data };

  const errors: AppealErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (appealFields as readonly string[]).includes(field)) {
      errors[field as AppealField] ??= issue.message;
    } else if (field === "topic") {
      errors[formErrorKey] ??= issue.message;
    } else if (issue.code === "unrecognized_keys") {
      errors[formErrorKey] ??= `${messages.unknownFields}: ${issue.keys.join(", ")}`;
    } else {
      errors[formErrorKey] ??= messages.notAnObject;
    }
  }
  return { ok: false, errors };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
