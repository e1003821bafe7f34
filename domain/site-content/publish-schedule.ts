/**
 * Scheduled publishing (issue 28, decision 0039): the date and time staff type in Kirov time,
 * read as one instant (kept in UTC), and refused in words when it is not a real moment or has
 * already passed. The form's inputs are `<input type="date">` ('2026-12-01') and
 * `<input type="time">` ('09:00'; an HTML time may carry seconds, '09:00:30', which are kept).
 */
import { inputTimePattern } from "../text/patterns.ts";
import { kirovIsoDate, kirovOffsetMinutes, startOfKirovDay } from "../time/kirov-time.ts";

export const scheduleMessages = {
  missing: "Укажите дату и время публикации.",
  invalid: "Такой даты или времени нет. Укажите дату и время публикации (время кировское).",
  past: "Это время уже прошло. Укажите дату и время в будущем (время кировское).",
} as const;

/** The moment a Kirov calendar day and time of day name, or undefined when there is none. */
export function kirovMomentOf(isoDate: string, time: string): Date | undefined {
  const day = startOfKirovDay(isoDate);
  const match = inputTimePattern.exec(time);
  if (!day || !match) return undefined;
  const [year, month, date] = isoDate.split("-").map(Number);
  const wallClock = Date.UTC(
    year ?? 0,
    (month ?? 1) - 1,
    date ?? 1,
    Number(match[1]),
    Number(match[2]),
    Number(match[3] ?? 0),
  );
  // The offset at the wall clock's moment, then at the moment it gives (a change of the zone's
  // rules that day moves it once).
  const guess = wallClock - kirovOffsetMinutes(new Date(wallClock)) * 60_000;
  const moment = new Date(wallClock - kirovOffsetMinutes(new Date(guess)) * 60_000);
  return kirovIsoDate(moment) === isoDate ? moment : undefined;
}

export type PublishMoment = { ok: true; moment: Date } | { ok: false; message: string };

/** The moment typed for a scheduled publish, which must be later than `now`. */
export function readPublishMoment(date: string, time: string, now: Date): PublishMoment {
  if (date.trim() === "" || time.trim() === "")
    return { ok: false, message: scheduleMessages.missing };
  const moment = kirovMomentOf(date.trim(), time.trim());
  if (!moment) return { ok: false, message: scheduleMessages.invalid };
  if (moment.getTime() <= now.getTime()) return { ok: false, message: scheduleMessages.past };
  return { ok: true, moment };
}

/** A moment's Kirov date and time as the form's inputs hold them: to fill the form again. */
export function kirovInputsOf(moment: Date): { date: string; time: string } {
  const local = new Date(moment.getTime() + kirovOffsetMinutes(moment) * 60_000);
  const time = local.toISOString().slice(11, 19);
  return { date: kirovIsoDate(moment), time: time.endsWith(":00") ? time.slice(0, 5) : time };
}
