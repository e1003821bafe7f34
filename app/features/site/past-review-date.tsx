import { formatRussianDate } from "../../../domain/calendar/calendar-day.ts";
import type { PageReviewDate } from "../../../domain/site-content/review-date.ts";
import { Button } from "../../components/staff/button/button.tsx";
import { Table } from "../../components/staff/table/table.tsx";
import { CsrfField } from "../staff/staff-display.tsx";

/**
 * «Пора проверить» on /staff/site (issue 43): the pages past «Проверить до», each with its day,
 * a link to its editor and «Проверено, без изменений», which moves the day on 12 months and
 * brings the list back without it. Nothing past its day: a line says so.
 */
export function PastReviewDate({
  due,
  csrfToken,
}: {
  due: readonly PageReviewDate[];
  csrfToken: string;
}) {
  return (
    <section aria-labelledby="past-review-date">
      <h2 id="past-review-date">Пора проверить</h2>
      {due.length === 0 ? (
        <p>Срок проверки не прошёл ни у одной страницы.</p>
      ) : (
        <Table label="Пора проверить">
          <thead>
            <tr>
              <th scope="col">Страница</th>
              <th scope="col">Проверить до</th>
              <th scope="col">Действие</th>
            </tr>
          </thead>
          <tbody>
            {due.map((date) => (
              <tr key={date.page}>
                <td>
                  <a href={`/staff/site/${date.page}`}>{date.title}</a>
                </td>
                <td>
                  <a href={`/staff/site/${date.page}/review`}>{formatRussianDate(date.reviewBy)}</a>
                </td>
                <td>
                  <form method="post" action={`/staff/site/${date.page}/review`}>
                    <CsrfField token={csrfToken} />
                    <input type="hidden" name="intent" value="reviewed" />
                    <input type="hidden" name="from" value="list" />
                    <Button kind="secondary" aria-label={`Проверено, без изменений: ${date.title}`}>
                      Проверено, без изменений
                    </Button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

/** On a page's editor: where its «Проверить до» is seen and set (issue 43). */
export function ReviewDateLink({ page }: { page: string }) {
  return (
    <p>
      <a href={`/staff/site/${page}/review`}>Проверить до</a>: когда проверить страницу снова;
      «Проверено, без изменений».
    </p>
  );
}
