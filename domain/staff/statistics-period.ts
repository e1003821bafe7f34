/**
 * The period the statistics page counts (its form's fields, also the CSV and XLSX links'): a
 * month, a quarter, a year, or any span of days, read with one schema (a bad value is a 400 with a
 * Russian message). A period is Kirov calendar days, first and last included, cut into calendar
 * months (the page's "received per month"); the public review cuts its span into quarters.
 */
import { z } from "zod";
import { addCalendarDays, calendarDaysBetween, isIsoDate } from "../calendar/calendar-day.ts";

export type PeriodBucket = {
  /** 'март 2026', 'I квартал 2026'. */
  label: string;
  /** The bucket's first day, 'YYYY-MM-DD' (the period's first day for a bucket cut by it). */
  first: string;
};

export type StatisticsPeriod = {
  kind: "month" | "quarter" | "year" | "range";
  /** 'март 2026 г.', 'II квартал 2026 г.', '2026 год', 'с 01.02.2026 по 15.03.2026'. */
  label: string;
  /** First and last day, included. */
  first: string;
  last: string;
  /** Calendar months of the period, in order. */
  months: PeriodBucket[];
  /** The fields that name this period in a link ('?period=year&year=2026'). */
  search: string;
};

/** The months by name, January first: how a month is written in a period's label and chosen. */
export const monthNames = [
  "январь",
  "февраль",
  "март",
  "апрель",
  "май",
  "июнь",
  "июль",
  "август",
  "сентябрь",
  "октябрь",
  "ноябрь",
  "декабрь",
];
/** The quarters as written in a period's label and chosen: 'I квартал'. */
export const quarterNumerals = ["I", "II", "III", "IV"];

/** The longest span a from–to period may cover: five years of months on one page. */
const maxPeriodDays = 5 * 366;

const blankAsUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const yearField = z.preprocess(
  blankAsUndefined,
  z
    .string()
    .regex(/^(19|20)\d\d$/, { error: "Укажите год четырьмя цифрами" })
    .transform(Number)
    .optional(),
);
const numberIn = (max: number, message: string) =>
  z.preprocess(
    blankAsUndefined,
    z
      .string()
      .regex(/^\d{1,2}$/, { error: message })
      .transform(Number)
      .refine((value) => value >= 1 && value <= max, { error: message })
      .optional(),
  );
const dayField = (message: string) =>
  z.preprocess(
    blankAsUndefined,
    z
      .string()
      .refine((text) => isIsoDate(text), { error: message })
      .optional(),
  );

const periodQuerySchema = z.object({
  period: z.preprocess(
    blankAsUndefined,
    z.enum(["month", "quarter", "year", "range"], { error: "Неизвестный вид периода" }).optional(),
  ),
  year: yearField,
  month: numberIn(12, "Укажите месяц от 1 до 12"),
  quarter: numberIn(4, "Укажите квартал от 1 до 4"),
  from: dayField("Укажите начало периода датой"),
  to: dayField("Укажите конец периода датой"),
});

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

function lastDayOfMonth(year: number, month: number): string {
  return addCalendarDays(month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`, -1);
}

/** The calendar months from `first` to `last`, each starting on its first day in the span. */
export function monthsOf(first: string, last: string): PeriodBucket[] {
  const months: PeriodBucket[] = [];
  let year = Number(first.slice(0, 4));
  let month = Number(first.slice(5, 7));
  while (`${year}-${pad(month)}` <= last.slice(0, 7)) {
    const start = `${year}-${pad(month)}-01`;
    months.push({
      label: `${monthNames[month - 1]} ${year}`,
      first: start < first ? first : start,
    });
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** The quarter a day is in: its first day and its label ('III квартал 2026'). */
export function quarterOf(day: string): PeriodBucket {
  const year = Number(day.slice(0, 4));
  const quarter = Math.floor((Number(day.slice(5, 7)) - 1) / 3);
  return {
    label: `${quarterNumerals[quarter]} квартал ${year}`,
    first: `${year}-${pad(quarter * 3 + 1)}-01`,
  };
}

/** The period of a month, a quarter or a year; a from–to span. */
export function statisticsPeriod(
  kind: StatisticsPeriod["kind"],
  values: { year: number; month?: number; quarter?: number; from?: string; to?: string },
): StatisticsPeriod {
  const { year } = values;
  let first: string;
  let last: string;
  let label: string;
  let search: string;
  if (kind === "month") {
    const month = values.month ?? 1;
    first = `${year}-${pad(month)}-01`;
    last = lastDayOfMonth(year, month);
    label = `${monthNames[month - 1]} ${year} г.`;
    search = `period=month&year=${year}&month=${month}`;
  } else if (kind === "quarter") {
    const quarter = values.quarter ?? 1;
    first = `${year}-${pad(quarter * 3 - 2)}-01`;
    last = lastDayOfMonth(year, quarter * 3);
    label = `${quarterNumerals[quarter - 1]} квартал ${year} г.`;
    search = `period=quarter&year=${year}&quarter=${quarter}`;
  } else if (kind === "year") {
    first = `${year}-01-01`;
    last = `${year}-12-31`;
    label = `${year} год`;
    search = `period=year&year=${year}`;
  } else {
    first = values.from ?? `${year}-01-01`;
    last = values.to ?? `${year}-12-31`;
    label = `с ${first.split("-").reverse().join(".")} по ${last.split("-").reverse().join(".")}`;
    search = `period=range&from=${first}&to=${last}`;
  }
  return { kind, label, first, last, months: monthsOf(first, last), search };
}

/** Reads the page's query; without one, the current year up to today. */
export function readStatisticsPeriod(
  params: URLSearchParams,
  today: string,
): { ok: true; period: StatisticsPeriod } | { ok: false; message: string } {
  const parsed = periodQuerySchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues.map((issue) => issue.message).join("; ") };
  }
  const query = parsed.data;
  const year = query.year ?? Number(today.slice(0, 4));
  const kind = query.period ?? "year";
  if (kind === "range") {
    if (!query.from || !query.to) {
      return { ok: false, message: "Укажите начало и конец периода" };
    }
    if (query.to < query.from) {
      return { ok: false, message: "Конец периода не может быть раньше его начала" };
    }
    if (calendarDaysBetween(query.from, query.to) > maxPeriodDays) {
      return { ok: false, message: "Период — не длиннее пяти лет" };
    }
  }
  return {
    ok: true,
    period: statisticsPeriod(kind, {
      year,
      month: query.month ?? Number(today.slice(5, 7)),
      quarter: query.quarter ?? Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1,
      from: query.from,
      to: query.to,
    }),
  };
}
