/**
 * Kirov time, in one place: registration numbers, dates shown to operators and the dates that
 * operators type all use it. The zone is named, never a fixed offset, so the rules come from the
 * runtime's time-zone data. Formatters are built once per module: building one costs tens of
 * microseconds, which showed up in a profile of the appeal POST when it was done per appeal.
 */
import { isoDatePattern } from "../text/patterns.ts";

const kirovTimeZone = "Europe/Kirov";

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
  return kirovIsoDate(moment).slice(0, 4);
}

/**
 * The last day asked for and the moments it spans [from, until): every appeal asks for its day
 * and year, and formatting one costs microseconds where comparing two numbers costs nothing
 * (decision 0026). A span is kept only once both its ends have been formatted as that day.
 */
let lastDay = { from: 0, until: 0, day: "" };

/** '2026-11-22': the calendar day in Kirov at that moment (deadlines count these days). */
export function kirovIsoDate(moment: Date): string {
  const time = moment.getTime();
  if (time >= lastDay.from && time < lastDay.until) return lastDay.day;
  const day = formatIsoDate(moment);
  const from = startOfKirovDay(day)?.getTime();
  const until = startOfKirovDay(followingIsoDate(day))?.getTime();
  if (
    from !== undefined &&
    until !== undefined &&
    from <= time &&
    time < until &&
    formatIsoDate(new Date(from)) === day &&
    formatIsoDate(new Date(until - 1)) === day
  ) {
    lastDay = { from, until, day };
  }
  return day;
}

function formatIsoDate(moment: Date): string {
  const parts = isoDateFormat.formatToParts(moment);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** '2026-11-23' after '2026-11-22' (a calendar's arithmetic, no time zone involved). */
function followingIsoDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 0) + 1)).toISOString().slice(0, 10);
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
  if (!isoDatePattern.test(isoDate)) return undefined;
  const [year, month, day] = isoDate.split("-").map(Number);
  const utcMidnight = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1);
  if (!new Date(utcMidnight).toISOString().startsWith(isoDate)) return undefined;
  return new Date(utcMidnight - kirovOffsetMinutes(new Date(utcMidnight)) * 60_000);
}

/**
 * '2026-11-20T00:00:00+03:00': the moment a Kirov day (ISO text) begins, as RFC 3339 text with
 * that day's offset (the news feed's dates); the text as given when it is not such a day.
 */
export function kirovDayStartText(isoDate: string): string {
  const start = startOfKirovDay(isoDate);
  if (!start) return isoDate;
  const { sign, hours, minutes } = offsetParts(kirovOffsetMinutes(start));
  return `${isoDate}T00:00:00${sign}${hours.padStart(2, "0")}:${minutes.padStart(2, "0")}`;
}

/** 'UTC+3' ('UTC+3:30' for a part of an hour): Kirov's offset at that moment, for staff to read. */
export function kirovUtcOffsetText(moment: Date): string {
  const { sign, hours, minutes } = offsetParts(kirovOffsetMinutes(moment));
  return `UTC${sign}${hours}${minutes === "0" ? "" : `:${minutes.padStart(2, "0")}`}`;
}

function offsetParts(offsetMinutes: number): { sign: string; hours: string; minutes: string } {
  const size = Math.abs(offsetMinutes);
  return {
    sign: offsetMinutes < 0 ? "-" : "+",
    hours: String(Math.floor(size / 60)),
    minutes: String(size % 60),
  };
}

/** Minutes since Kirov midnight at that moment: when a daily job's 'HH:MM' has come. */
export function kirovMinuteOfDay(moment: Date): number {
  const local = new Date(moment.getTime() + kirovOffsetMinutes(moment) * 60_000);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
}
