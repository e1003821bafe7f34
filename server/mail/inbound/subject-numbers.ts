/**
 * The appeal numbers a message's subject names (issue 46): a citizen replying to our mail keeps
 * «Re: Ответ на обращение А-2026-000123»; one writing anew may type «а 2026-123» or a Latin «A».
 * The subject only: a reply's text quotes our mails and others, and would name numbers that are
 * not what the message is about.
 */
import { readRegistrationNumber } from "../../../domain/appeals/registration-number.ts";

const numberInText =
  /(?<![\p{L}\p{N}])[АAаa]\s*[-‐‑–—]?\s*(20\d\d)(?:\s*[-‐‑–—]\s*|\s+)(\d{1,9})(?![\p{N}])/gu;

export function registrationNumbersIn(subject: string): string[] {
  const found = new Set<string>();
  for (const [, year, sequence] of subject.matchAll(numberInText)) {
    const number = readRegistrationNumber(`А-${year}-${sequence}`);
    if (number) found.add(number);
  }
  return [...found].slice(0, 10);
}
