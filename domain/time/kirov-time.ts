/**
 * Kirov time, in one place: registration numbers, dates shown to operators and the dates that
 * operators type all use it. The zone is named, never a fixed offset, so the rules come from the
 * runtime's time-zone data. Formatters are built once per module: building one costs tens of
 * microseconds, which showed up in a profile of the appeal POST when it was done per appeal.
 */
export const kirovTimeZone = "Europe/Kirov";

const yearFormat = new Intl.DateTimeFormat("en", { year: "numeric", timeZone: kirovTimeZone });
const isoDateFormat = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: kirovTimeZone,
});
const offsetFormat = new Intl.DateTimeFormat("en", {
  timeZone: kirovTimeZone,
  timeZoneName: "longOffset",
});
const dateTimeFormat = new Intl.DateTimeFormat("ru-RU", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: kirovTimeZone,
});

/** The year in Kirov at that moment, e.g. "2026". */
export function kirovYear(moment: Date): string {
  return yearFormat.format(moment);
}

/** '2026-11-22': the calendar day in Kirov at that moment (deadlines count these days). */
export function kirovIsoDate(moment: Date): string {
  const parts = isoDateFormat.formatToParts(moment);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** '22.11.2026, 10:41': a moment as an operator reads it. */
export function formatKirovDateTime(moment: Date): string {
  return dateTimeFormat.format(moment);
}

/** Kirov's offset from UTC at that moment, in minutes (180 today). */
export function kirovOffsetMinutes(moment: Date): number {
  const name = offsetFormat.formatToParts(moment).find((part) => part.type === "timeZoneName");
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name?.value ?? "");
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/**
 * The moment a calendar day ('2026-11-01') begins in Kirov, or undefined when the text is not a
 * real date of that form.
 */
export function startOfKirovDay(isoDate: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return undefined;
  const utcMidnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (!new Date(utcMidnight).toISOString().startsWith(isoDate)) return undefined;
  return new Date(utcMidnight - kirovOffsetMinutes(new Date(utcMidnight)) * 60_000);
}

/** Minutes since Kirov midnight at that moment: when a daily job's 'HH:MM' has come. */
export function kirovMinuteOfDay(moment: Date): number {
  const local = new Date(moment.getTime() + kirovOffsetMinutes(moment) * 60_000);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
}
