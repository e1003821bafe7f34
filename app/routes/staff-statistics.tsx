import { data } from "react-router";
import { requireStaff } from "../../domain/pages/page-context.ts";
import {
  readStatisticsPeriod,
  type StatisticsPeriod,
} from "../../domain/staff/statistics-period.ts";
import { StatisticsFigure } from "../features/staff/statistics-figure.tsx";
import type { Route } from "./+types/staff-statistics.ts";

// For heads (issue 19); until roles come, every signed-in account sees it.
export const meta = () => [
  { title: "Статистика обращений — Реестр обращений граждан" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const access = requireStaff(context, "statistics");
  if (!access) {
    return data(
      { error: "Статистику смотрят руководители.", period: undefined, statistics: undefined },
      { status: 403 },
    );
  }
  const read = readStatisticsPeriod(new URL(request.url).searchParams, access.today);
  if (!read.ok) {
    return data({ error: read.message, period: undefined, statistics: undefined }, { status: 400 });
  }
  return {
    error: undefined,
    period: read.period,
    statistics: await access.staff.statistics(read.period),
  };
}

const periodKinds: ReadonlyArray<[StatisticsPeriod["kind"], string]> = [
  ["month", "Месяц"],
  ["quarter", "Квартал"],
  ["year", "Год"],
  ["range", "Произвольный период"],
];

function PeriodForm({ period }: { period: StatisticsPeriod | undefined }) {
  const year = period?.first.slice(0, 4) ?? "";
  const month = period ? String(Number(period.first.slice(5, 7))) : "";
  return (
    <search>
      <form method="get" action="/staff/statistics" className="staff-filters">
        <fieldset>
          <legend>Период</legend>
          {periodKinds.map(([kind, label]) => (
            <label key={kind} style={{ flexDirection: "row" }}>
              <input
                type="radio"
                name="period"
                value={kind}
                defaultChecked={(period?.kind ?? "year") === kind}
              />{" "}
              {label}
            </label>
          ))}
        </fieldset>
        <label>
          Год
          <input name="year" inputMode="numeric" pattern="\d{4}" size={4} defaultValue={year} />
        </label>
        <label>
          Месяц (1–12)
          <input name="month" type="number" min={1} max={12} defaultValue={month} />
        </label>
        <label>
          Квартал (1–4)
          <input
            name="quarter"
            type="number"
            min={1}
            max={4}
            defaultValue={period ? String(Math.floor((Number(month) - 1) / 3) + 1) : ""}
          />
        </label>
        <label>
          С
          <input name="from" type="date" defaultValue={period?.first} />
        </label>
        <label>
          По
          <input name="to" type="date" defaultValue={period?.last} />
        </label>
        <button type="submit">Показать</button>
      </form>
    </search>
  );
}

export default function StaffStatisticsPage({ loaderData }: Route.ComponentProps) {
  const { error, period, statistics } = loaderData;
  return (
    <>
      <h1>Статистика обращений</h1>
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
      <PeriodForm period={period} />
      {period && statistics ? (
        <>
          <p>
            Обращения, поступившие за период: <strong>{period.label}</strong>. Всего:{" "}
            <strong data-testid="statistics-total">{statistics.total}</strong>.
          </p>
          <p>
            Скачать эти показатели: <a href={`/staff/statistics.csv?${period.search}`}>CSV</a>
            {" · "}
            <a href={`/staff/statistics.xlsx?${period.search}`}>Excel (XLSX)</a>
          </p>
          {statistics.figures.map((figure) => (
            <StatisticsFigure key={figure.id} figure={figure} />
          ))}
        </>
      ) : null}
    </>
  );
}
