import { data } from "react-router";
import { pageOf, requireStaff } from "../../domain/pages/page-context.ts";
import type { AnnouncementSummary } from "../../domain/site-content/announcement-states.ts";
import type { PageReviewDate } from "../../domain/site-content/review-date.ts";
import { type EditionState, editionStateLabels } from "../../domain/site-content/site-editions.ts";
import type { StaffViewer } from "../../domain/staff/staff-roles.ts";
import { Table } from "../components/staff/table/table.tsx";
import { PastReviewDate } from "../features/site/past-review-date.tsx";
import { ScheduledMoment } from "../features/site/publish-schedule-fields.tsx";
import { EditionStateTag, NotFoundForRole } from "../features/site/site-display.tsx";
import { Moment } from "../features/staff/staff-display.tsx";
import type { Route } from "./+types/staff-site.ts";

/**
 * «Содержание сайта»: the pages staff may edit, each with its state and who changed it last; the
 * announcements one by one (decision 0040); «Что заполнить».
 */
export async function loader({ context }: Route.LoaderArgs) {
  const access = requireStaff(context, "edit-site");
  // Outside the role the page does not exist (as any staff page outside a role).
  if (!access) {
    return data(
      {
        ...noReview,
        pages: [],
        announcements: [],
        placeholders: 0,
        brokenLinks: 0,
        notFound: true,
      },
      { status: 404 },
    );
  }
  const { site } = pageOf(context).services;
  const [pages, announcements, placeholders, review, brokenLinks] = await Promise.all([
    site.pages(access.viewer),
    site.announcements(access.viewer),
    site.placeholders(access.viewer),
    reviewOf(context, access),
    // The published texts' web links the daily check found broken (issue 43).
    pageOf(context).services.siteLinks.countBroken(),
  ]);
  return {
    ...review,
    pages,
    announcements,
    placeholders: placeholders.length,
    brokenLinks,
    notFound: false,
  };
}

/** «Пора проверить» (issue 43): the pages past «Проверить до», and what the forms need. */
const noReview = { reviewDue: [] as PageReviewDate[], csrfToken: "" };
async function reviewOf(
  context: Route.LoaderArgs["context"],
  access: { viewer: StaffViewer; csrfToken: string },
) {
  const dates = await pageOf(context).services.siteReview.list(access.viewer);
  return { ...noReview, reviewDue: dates.filter((date) => date.due), csrfToken: access.csrfToken };
}

/** Who changed it last, and when; a dash for the build's content. */
function ChangedBy({ by, at }: { by: string | null; at: string | null }) {
  return by ? (
    <>
      {by}, <Moment iso={at ?? ""} />
    </>
  ) : (
    "—"
  );
}

/** An edition's state; the build's content when no edition was ever published. */
function State({ state }: { state: EditionState | null }) {
  return state ? (
    <EditionStateTag state={state} />
  ) : (
    `${editionStateLabels.published}: исходная версия сайта`
  );
}

/** The head of a list's table: what is listed, its state, who changed it. */
function ListHead({ what }: { what: string }) {
  return (
    <thead>
      <tr>
        <th scope="col">{what}</th>
        <th scope="col">Состояние</th>
        <th scope="col">Изменил</th>
      </tr>
    </thead>
  );
}

const changeWords: Record<NonNullable<AnnouncementSummary["change"]>, string> = {
  new: "новое",
  changed: "изменено",
  removed: "будет снято с сайта",
};

export default function StaffSitePage({ loaderData }: Route.ComponentProps) {
  if (loaderData.notFound) return <NotFoundForRole />;
  return (
    <>
      <h1>Содержание сайта</h1>
      <p>
        <a href="/staff/site/fill">Что заполнить</a>: значений-образцов на сайте —{" "}
        {loaderData.placeholders}.
      </p>
      <p>
        <a href="/staff/site/searches">Что ищут на сайте</a>: запросы посетителей за 30 дней.
      </p>
      <p>
        <a href="/staff/site/links">Ссылки</a>: неработающих ссылок на другие сайты —{" "}
        {loaderData.brokenLinks}.
      </p>
      <p>
        <a href="/staff/account">Уведомления о страницах на согласовании</a>: в учётной записи.
      </p>
      <PastReviewDate due={loaderData.reviewDue} csrfToken={loaderData.csrfToken} />
      <Table label="Страницы сайта">
        <ListHead what="Страница" />
        <tbody>
          {loaderData.pages.map((page) => (
            <tr key={page.page}>
              <td>
                <a href={`/staff/site/${page.page}`}>{page.title}</a>
              </td>
              <td>
                <State state={page.state} />
                {page.publishAt ? (
                  <>
                    {" "}
                    <ScheduledMoment iso={page.publishAt} />
                  </>
                ) : null}
              </td>
              <td>
                <ChangedBy by={page.changedBy} at={page.changedAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <h2>Объявления</h2>
      {loaderData.announcements.length === 0 ? (
        <p>Объявлений нет.</p>
      ) : (
        <Table label="Объявления">
          <ListHead what="Объявление" />
          <tbody>
            {loaderData.announcements.map((announcement) => (
              <tr key={announcement.id}>
                <td>
                  №&nbsp;{announcement.id}: {announcement.title}
                </td>
                <td>
                  <State state={announcement.state} />
                  {announcement.change ? ` (${changeWords[announcement.change]})` : null}
                </td>
                <td>
                  <ChangedBy by={announcement.changedBy} at={announcement.changedAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
