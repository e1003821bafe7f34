/**
 * What of a visitor's search query may be counted (issue 42, decision 0060): «Что ищут на сайте»
 * counts queries per day, never tied to a visitor, and never keeps one that may hold personal
 * data. The rule, read on the text as typed (after Unicode NFKC, so full-width «＠» and «１» are
 * «@» and «1»), before anything is removed from it:
 *
 * - an e-mail: any «@», or «(at)», «[at]», «(собака)» written in its place: refused;
 * - a phone, a СНИЛС, an ИНН, a passport, a card: 5 digits or more in the whole query, whatever
 *   stands between them («+7 912 345-67-89», «8(8332)00-00-00», «снилс 123 456 789 00»): refused;
 * - a run of 4 digits or more («1234», a year «2025», a document's or card's last four): refused.
 *   A year is refused too: it cannot be told from a number that identifies someone;
 * - anything else is kept, normalised for counting: folded (lower case, «ё» as «е»), its words
 *   (runs of letters and digits) joined by single spaces, at most `recordedQueryLength`
 *   characters of whole words. «ГОСТ 17.4» is kept as «гост 17 4» (3 digits, no run of 4);
 *   «Анализ  почвы!» is counted with «анализ почвы».
 *
 * A query with no word at all (only signs) is not counted either.
 */
import { foldText, textWords } from "./search-text.ts";

/** The longest query counted: the words of a longer one that fit. */
export const recordedQueryLength = 100;
/** How long the counts are kept: the days of the last 13 months (a year and its month before). */
const keptMonths = 13;

/** The fewest digits in all, and the shortest run of digits, a refused query holds. */
const digitsInAll = 5;
const digitRun = 4;

const emailSigns = /@|\((?:at|собака)\)|\[(?:at|собака)\]/iu;
const digit = /\p{Nd}/gu;
const runOfDigits = new RegExp(`\\p{Nd}{${digitRun}}`, "u");

/** Whether the query may hold an e-mail, a phone or another person's number: never counted. */
export function holdsPersonalData(typed: string): boolean {
  const text = typed.normalize("NFKC");
  if (emailSigns.test(text)) return true;
  if ((text.match(digit)?.length ?? 0) >= digitsInAll) return true;
  return runOfDigits.test(text);
}

/**
 * The query as it is counted («анализ почвы»), or undefined when it is not counted: it may hold
 * personal data, or it has no word.
 */
export function recordedQuery(typed: string): string | undefined {
  if (holdsPersonalData(typed)) return undefined;
  let recorded = "";
  for (const word of textWords(foldText(typed.normalize("NFKC")))) {
    const longer = recorded === "" ? word : `${recorded} ${word}`;
    if (longer.length > recordedQueryLength) break;
    recorded = longer;
  }
  return recorded === "" ? undefined : recorded;
}

/**
 * The first day still kept on `today` ('YYYY-MM-DD'): the same day `keptMonths` months before,
 * or that month's last day when it is shorter (2027-03-31 keeps from 2026-02-28).
 */
export function firstKeptDay(today: string): string {
  const [year = 0, month = 1, day = 1] = today.split("-").map(Number);
  const months = year * 12 + (month - 1) - keptMonths;
  const keptYear = Math.floor(months / 12);
  const keptMonth = (months % 12) + 1;
  const lastDay = new Date(Date.UTC(keptYear, keptMonth, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${keptYear}-${pad(keptMonth)}-${pad(Math.min(day, lastDay))}`;
}
