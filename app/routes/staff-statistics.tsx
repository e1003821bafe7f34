import { data } from "react-router";
import { requireStaff } from "../../domain/pages/page-context.ts";
import {
  monthNames,
  quarterNumerals,
  readStatisticsPeriod,
  type StatisticsPeriod,
} from "../../domain/staff/statistics-period.ts";
import { Button } from "../components/staff/button/button.tsx";
import { DateInput } from "../components/staff/date-input/date-input.tsx";
import { Choice, TextInput } from "../components/staff/field/field.tsx";
import { NoticeBanner } from "../components/staff/notice-banner/notice-banner.tsx";
import { Select } from "../components/staff/select/select.tsx";
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
        <fieldset className="staff-fieldset">
          <legend>Период</legend>
          <div className="staff-choices">
            {periodKinds.map(([kind, label]) => (
              <Choice
                key={kind}
                type="radio"
                name="period"
                value={kind}
                defaultChecked={(period?.kind ?? "year") === kind}
                label={label}
              />
            ))}
          </div>
        </fieldset>
        <TextInput
          id="period-year"
          name="year"
          label="Год"
          inputMode="numeric"
          pattern="\d{4}"
          size={4}
          defaultValue={year}
        />
        {/* Months and quarters by name (issue 44): staff choose «март», never type 3. */}
        <Select
          id="period-month"
          name="month"
          label="Месяц"
          options={[
            { value: "", label: "—" },
            ...monthNames.map((name, index) => ({
              value: String(index + 1),
              label: name[0]?.toUpperCase() + name.slice(1),
            })),
          ]}
          defaultValue={month}
        />
        <Select
          id="period-quarter"
          name="quarter"
          label="Квартал"
          options={[
            { value: "", label: "—" },
            ...quarterNumerals.map((numeral, index) => ({
              value: String(index + 1),
              label: `${numeral} квартал`,
            })),
          ]}
          defaultValue={period ? String(Math.floor((Number(month) - 1) / 3) + 1) : ""}
        />
        <DateInput id="period-from" name="from" label="С" defaultValue={period?.first} />
        <DateInput id="period-to" name="to" label="По" defaultValue={period?.last} />
        <Button>Показать</Button>
      </form>
    </search>
  );
}

export default function StaffStatisticsPage({ loaderData }: Route.ComponentProps) {
  const { error, period, statistics } = loaderData;
  return (
    <>
      <h1>Статистика обращений</h1>
      {error ? <NoticeBanner kind="error">{error}</NoticeBanner> : null}
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
