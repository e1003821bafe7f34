/**
 * The staff list's notice to heads and administrators while mail a restore held waits for the
 * operator's decision (decision 0022): the count, and who decides with what.
 */
const pluralRules = new Intl.PluralRules("ru");
const letterWords = { one: "письмо", few: "письма", many: "писем", other: "письма" } as const;

/** 'Ждут решения после восстановления из резервной копии: 146 писем. …' */
export function heldMailNotice(count: number): string {
  const word = letterWords[pluralRules.select(count) as keyof typeof letterWords] ?? "писем";
  return `Ждут решения после восстановления из резервной копии: ${count} ${word}. Они могли уйти ещё до сбоя; отправить или отменить их может администратор сервера (npm run appeals -- held-mail).`;
}
