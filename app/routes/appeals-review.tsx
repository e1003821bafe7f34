import {
  reviewBar,
  reviewColumns,
  reviewCount,
  smallCountLimit,
  withheldCountText,
} from "../../domain/appeals/appeals-review.ts";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import { pageOf } from "../../domain/pages/page-context.ts";
import { BarChart } from "../components/bar-chart.tsx";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import type { Route } from "./+types/appeals-review.ts";

// Rendered by the server from the store's counts (kept a while there), with no JavaScript. The
// content pages' styles, block for block: their hashes are already in the served pages' policy.
export const handle: RouteHandle = { styles: [contentStyles] };

export const meta = () => [
  { title: "Обзор обращений граждан — Обращения граждан" },
  {
    name: "description",
    content:
      "Сколько обращений граждан поступило по кварталам, на сколько дан ответ, сколько перенаправлено и оставлено без ответа.",
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { review: await pageOf(context).services.review() };
}

/** The chart's series: the counts a reader compares quarter by quarter. */
const charted = reviewColumns.filter(([key]) =>
  ["received", "answered", "answeredOnTime"].includes(key),
);

export default function AppealsReviewPage({ loaderData }: Route.ComponentProps) {
  const { review } = loaderData;
  return (
    <div className="page">
      <h1>Обзор обращений граждан</h1>
      <p>
        Обращения граждан, поступившие в учреждение, по кварталам: сколько поступило, на сколько дан
        ответ, сколько перенаправлено в другие органы по компетенции и оставлено без ответа по
        основаниям, которые установлены законом, и на сколько ответ дан в срок. Данные на{" "}
        {formatRussianDate(review.countedOn)}; текущий квартал — по этот день.
      </p>
      <p>
        Число меньше {smallCountLimit} показано как «менее {smallCountLimit}»: малые числа могли бы
        указать на конкретного человека. По той же причине показано как «{withheldCountText}» число,
        из которого малое можно было бы получить вычитанием (например, из «Дан ответ» и «Ответ дан в
        срок» — число ответов с нарушением срока).
      </p>
      {/* Below 48rem the chart is left out (content.css): at a phone's width its bars cannot be
          read, and the table below says the same, quarter by quarter (issue 44). */}
      <section className="review-chart" aria-labelledby="review-chart-title">
        <h2 id="review-chart-title">Поступило обращений и дано ответов</h2>
        <BarChart
          series={charted.map(([, label]) => label)}
          groups={review.rows.map((row) => ({
            label: row.quarter,
            values: charted.map(([key]) => reviewBar(row[key])),
          }))}
        />
      </section>
      <h2 id="review-table-title">Обращения по кварталам</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so keyboard users can scroll it (WCAG 2.1.1). */}
      <section className="table-scroll" aria-labelledby="review-table-title" tabIndex={0}>
        <table className="data-table review-table stacked-table">
          <thead>
            <tr>
              <th scope="col">Квартал</th>
              {reviewColumns.map(([key, label]) => (
                <th key={key} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {review.rows.map((row) => (
              <tr key={row.quarter}>
                <th scope="row">{row.quarter}</th>
                {reviewColumns.map(([key, label]) => (
                  <td key={key} className="price" data-label={label}>
                    {reviewCount(row[key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p>
        <a className="block-link" href="/appeals">
          Обращения граждан
        </a>
      </p>
    </div>
  );
}
