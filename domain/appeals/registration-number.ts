import { kirovYear } from "../time/kirov-time.ts";

/**
 * 'А-2026-000123': 'А' (appeal, Cyrillic), the year of receipt in Kirov time, the store's
 * sequence number. Unique and increasing, readable over the phone. Both stores take the sequence
 * value and insert the appeal with this number in one transaction.
 */
export function registrationNumber(sequence: number, receivedAt: Date): string {
  return `А-${kirovYear(receivedAt)}-${String(sequence).padStart(6, "0")}`;
}
