import { kirovYear } from "../time/kirov-time.ts";

/**
 * 'А-2026-000123': 'А' (appeal, Cyrillic), the year of receipt in Kirov time, the store's
 * sequence number. Unique and increasing, readable over the phone. SQLite takes the sequence value
 * and inserts the appeal with this number in one transaction; PostgreSQL takes it from its
 * sequence (which no transaction gives back) just before the statement that inserts the appeal.
 */
export function registrationNumber(sequence: number, receivedAt: Date): string {
  return `А-${kirovYear(receivedAt)}-${String(sequence).padStart(6, "0")}`;
}

/**
 * A registration number as people type it: 'а-2026-123', 'A 2026 000123' (a Latin A typed by
 * mistake), with or without dashes and spaces, is А-2026-000123; undefined when it is not one.
 */
export function readRegistrationNumber(text: string): string | undefined {
  const parts = /^[АAаa]-?(\d{4})-?(\d{1,9})$/.exec(text.replace(/\s+/g, ""));
  return parts ? `А-${parts[1]}-${parts[2]?.padStart(6, "0")}` : undefined;
}
