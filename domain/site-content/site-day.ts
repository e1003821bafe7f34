/**
 * A day on the site's pages (an announcement's date): written YYYY-MM-DD, a real day of the
 * calendar, in the years 1900–2100 (issue 40). A year 0000 was accepted once and broke every
 * page that printed it; a date outside these years is a typing slip on this site, never a fact.
 */
import { z } from "zod";
import { isoDatePattern } from "../text/patterns.ts";

const siteDayYears = { first: 1900, last: 2100 } as const;

const siteDayMessages = {
  format: "Укажите дату как 25.11.2026 или выберите её в календаре.",
  years: `Укажите дату между ${siteDayYears.first} и ${siteDayYears.last} годом.`,
} as const;

/** True for 'YYYY-MM-DD' naming a day that exists (not 2026-02-30). */
function isRealIsoDay(text: string): boolean {
  if (!isoDatePattern.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export const siteDaySchema = z
  .string()
  .trim()
  .refine(isRealIsoDay, siteDayMessages.format)
  .refine((text) => {
    const year = Number(text.slice(0, 4));
    return year >= siteDayYears.first && year <= siteDayYears.last;
  }, siteDayMessages.years);
