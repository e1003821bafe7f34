import { data } from "react-router";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import { pageOf, requireStaff } from "../../domain/pages/page-context.ts";
import {
  type QueryTotal,
  reportDays,
  type SearchQueriesReport,
} from "../../domain/search/search-queries-report.ts";
import { Table } from "../components/staff/table/table.tsx";
import { NotFoundForRole } from "../features/site/site-display.tsx";
import type { Route } from "./+types/staff-search-queries.ts";

export const meta = () => [
  { title: "Что ищут на сайте — Содержание сайта" },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * «Что ищут на сайте» (issue 42, decision 0060), for those who edit the site (editors and heads):
 * the last 30 days' queries searched most, and those that found nothing, each a link to try it.
 * Counted per day without personal data; which results were opened is not counted (the results'
 * links carry no tracking).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const access = requireStaff(context, "edit-site");
  // Outside the role the page does not exist (as any staff page outside a role).
  if (!access) return data({ report: undefined, notFound: true }, { status: 404 });
  const report: SearchQueriesReport = await pageOf(context).services.searchQueries.report();
  return { report, notFound: false };
}

/** A query's link to the site's search: the editor tries it as visitors did. */
const tryIt = (query: string) => `/search?q=${encodeURIComponent(query)}`;

function QueryTable({
  label,
  count,
  rows,
}: {
  label: string;
  count: string;
  rows: readonly QueryTotal[];
}) {
  return (
    <Table label={label}>
      <thead>
        <tr>
          <th scope="col">Запрос</th>
          <th scope="col">{count}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.query}>
            <td className="staff-table__text">
              <a href={tryIt(row.query)}>{row.query}</a>
            </td>
            <td>{row.searches}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export default function StaffSearchQueriesPage({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  if (loaderData.notFound || !report) return <NotFoundForRole />;
  return (
    <>
      <p>
        <a href="/staff/site">Содержание сайта</a>
      </p>
      <h1>Что ищут на сайте</h1>
      <p>
        Запросы поиска по сайту за последние {reportDays} дней, с {formatRussianDate(report.first)}{" "}
        по {formatRussianDate(report.last)}. Посетители не учитываются поимённо: хранится только
        число поисков каждого запроса за день. Запросы с адресом электронной почты, телефоном или
        номером из цифр не сохраняются.
      </p>
      <p>
        Откройте запрос, чтобы увидеть, что находит поиск. Если нужного нет среди первых результатов
        или не найдено ничего, добавьте синоним или лучший ответ на странице{" "}
        <a href="/staff/site/search">«Поиск по сайту»</a>, а если ответа на сайте нет — дополните
        страницу или создайте новую.
      </p>
      <h2>Чаще всего ищут</h2>
      {report.top.length === 0 ? (
        <p>За эти дни на сайте ничего не искали.</p>
      ) : (
        <QueryTable label="Запросы, которые ищут чаще всего" count="Поисков" rows={report.top} />
      )}
      <h2>Ничего не найдено</h2>
      {report.unanswered.length === 0 ? (
        <p>За эти дни все запросы что-нибудь нашли.</p>
      ) : (
        <QueryTable
          label="Запросы, по которым ничего не найдено"
          count="Поисков без результата"
          rows={report.unanswered}
        />
      )}
    </>
  );
}
