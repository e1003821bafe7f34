/**
 * When a running term is marked on the staff pages and in the daily reminders, in one sentence
 * (issue 44): neutral while more than a third of the term is left, amber in its last third
 * (from a working day on: for the 3-day registration, the last working day before its last
 * day), red on its last day and after. The mark is proportional to the term, so a new appeal is
 * not red the day it arrives. `deadlineState` (legal-terms.ts) applies it; the list, the appeal
 * page, the CSV, the deadline filter, the statistics and the reminders all read the state there.
 */
export const termAlertRule = {
  /** Amber ('last-third') once no more than this share of the term's days is left. */
  amberShareLeft: 1 / 3,
} as const;

const pluralRules = new Intl.PluralRules("ru");
const dayWords = { one: "день", few: "дня", many: "дней", other: "дня" } as const;

/** '5 дней', '3 дня', '1 день'. */
export function daysInRussian(days: number): string {
  const form = pluralRules.select(days) as keyof typeof dayWords;
  return `${days} ${dayWords[form] ?? dayWords.many}`;
}

/** How the marked end of a term (amber and its red last day) is named in filters and mails. */
export const termEndWords = "последняя треть срока";
