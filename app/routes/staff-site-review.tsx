import { data, redirect } from "react-router";
import { formatRussianDate } from "../../domain/calendar/calendar-day.ts";
import { formOf, pageOf, requireStaff } from "../../domain/pages/page-context.ts";
import { reviewMonths } from "../../domain/site-content/review-date.ts";
import { editablePages, isEditablePage } from "../../domain/site-content/site-editions.ts";
import { Button } from "../components/staff/button/button.tsx";
import { DateInput } from "../components/staff/date-input/date-input.tsx";
import { NoticeBanner } from "../components/staff/notice-banner/notice-banner.tsx";
import { NotFoundForRole } from "../features/site/site-display.tsx";
import { CsrfField } from "../features/staff/staff-display.tsx";
import type { Route } from "./+types/staff-site-review.ts";

export const meta = () => [
  { title: "Проверить до — Содержание сайта" },
  { name: "robots", content: "noindex, nofollow" },
];

/** What each finished action says (`?done=`). */
const outcomes: Record<string, string> = {
  set: "Дата проверки сохранена.",
  reviewed: `Отмечено: проверено, без изменений. Следующая проверка — через ${reviewMonths} месяцев.`,
};

/**
 * A page's «Проверить до» (issue 43): the day by which its content should be looked at again,
 * set by the editor, or moved on 12 months by «Проверено, без изменений» (a publish moves it on
 * by itself). The list at /staff/site posts «Проверено, без изменений» here too, and goes back.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const access = requireStaff(context, "edit-site");
  if (!access || !isEditablePage(params.page)) {
    return data({ notFound: true as const }, { status: 404 });
  }
  const dates = await pageOf(context).services.siteReview.list(access.viewer);
  const date = dates.find((entry) => entry.page === params.page);
  if (!date) return data({ notFound: true as const }, { status: 404 });
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return {
    notFound: false as const,
    date,
    csrfToken: access.csrfToken,
    done: outcomes[done] ?? null,
  };
}

export async function action({ params, context }: Route.ActionArgs) {
  const access = requireStaff(context, "edit-site");
  if (!access || !isEditablePage(params.page)) {
    return data({ error: "Страница не найдена.", typed: "" }, { status: 404 });
  }
  const { fields } = formOf(context);
  const { siteReview } = pageOf(context).services;
  const here = `/staff/site/${params.page}/review`;
  if (fields.get("intent") === "reviewed") {
    const result = await siteReview.reviewed(access.viewer, params.page);
    if (!result.ok) return data({ error: result.message, typed: "" }, { status: result.status });
    throw redirect(
      fields.get("from") === "list" ? "/staff/site?done=reviewed" : `${here}?done=reviewed`,
      303,
    );
  }
  const typed = fields.get("review-by") ?? "";
  const result = await siteReview.setDate(access.viewer, params.page, typed);
  if (!result.ok) return data({ error: result.message, typed }, { status: result.status });
  throw redirect(`${here}?done=set`, 303);
}

export default function StaffSiteReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.notFound) return <NotFoundForRole />;
  const { date, csrfToken, done } = loaderData;
  const { title } = editablePages[date.page];
  return (
    <>
      <p>
        <a href="/staff/site">Содержание сайта</a> ›{" "}
        <a href={`/staff/site/${date.page}`}>{title}</a>
      </p>
      <h1>Проверить до: {title}</h1>
      {done ? <NoticeBanner>{done}</NoticeBanner> : null}
      <p>
        Проверить до {formatRussianDate(date.reviewBy)}
        {date.due ? " — пора проверить: срок прошёл." : "."} Публикация страницы переносит срок на{" "}
        {reviewMonths} месяцев.
      </p>
      <form method="post" className="staff-form staff-stack" aria-label="Проверено, без изменений">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value="reviewed" />
        <p className="staff-hint">
          Если на странице всё верно, отметьте это: срок перенесётся на {reviewMonths} месяцев от
          сегодняшнего дня.
        </p>
        <Button>Проверено, без изменений</Button>
      </form>
      <form method="post" className="staff-form staff-stack" aria-label="Другая дата проверки">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value="set-date" />
        <DateInput
          id="review-by"
          name="review-by"
          label="Проверить до"
          required
          defaultValue={actionData?.typed || date.reviewBy}
          error={actionData?.error}
        />
        <Button>Сохранить дату</Button>
      </form>
    </>
  );
}
