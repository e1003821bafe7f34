/**
 * When a running term is marked on the staff pages and in the daily reminders, as the
 * organisation's rule kept as data: yellow once half of the term has passed, red in its last days
 * and past it. `deadlineState` (legal-terms.ts) applies it; the list, the appeal page, the CSV,
 * the deadline filter and the reminders all read the state from there.
 */
export const termAlertRule = {
  /** Yellow ('half-passed') once this share of the term's days has passed. */
  yellowAfterShare: 0.5,
  /** Red ('due-soon') in the term's last days: its last day and those before it, this many. */
  redLastDays: 5,
} as const;

const pluralRules = new Intl.PluralRules("ru");
const dayWords = { one: "день", few: "дня", many: "дней", other: "дня" } as const;

/** '5 дней', '3 дня', '1 день'. */
export function daysInRussian(days: number): string {
  const form = pluralRules.select(days) as keyof typeof dayWords;
  return `${days} ${dayWords[form] ?? dayWords.many}`;
}

/** 'в последние 5 дней срока': how the red part of a term is named in filters and mails. */
export const redPeriodWords = `в последние ${daysInRussian(termAlertRule.redLastDays)} срока`;
