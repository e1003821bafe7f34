import { data, redirect } from "react-router";
import { appealStateLabels, appealStates } from "../../domain/appeals/appeal-states.ts";
import { deadlineFilterLabels } from "../../domain/appeals/deadline-filter-ranges.ts";
import { nextDeadline } from "../../domain/appeals/running-terms.ts";
import { visibleText } from "../../domain/appeals/visible-text.ts";
import { pageOf, requireStaff } from "../../domain/pages/page-context.ts";
import { draftReviewLabels, draftReviewOf } from "../../domain/staff/draft-marks.ts";
import { heldMailNotice } from "../../domain/staff/held-mail-notice.ts";
import { readRegistryQuery, registryQueryParams } from "../../domain/staff/registry-query.ts";
import { staffHomeOf } from "../../domain/staff/staff-roles.ts";
import { Button } from "../components/staff/button/button.tsx";
import { Choice, TextInput } from "../components/staff/field/field.tsx";
import { NoticeBanner } from "../components/staff/notice-banner/notice-banner.tsx";
import { Select } from "../components/staff/select/select.tsx";
import { Table } from "../components/staff/table/table.tsx";
import { UndeliveredNotice } from "../features/staff/mail-undelivered-notice.tsx";
import {
  Day,
  DeadlineText,
  DraftMark,
  Moment,
  StateTag,
} from "../features/staff/staff-display.tsx";
import type { Route } from "./+types/staff-list.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff, viewer, today } = requireStaff(context);
  // A site editor works on no appeal: their home is the site's content.
  if (staffHomeOf(viewer.role) !== "/staff") throw redirect(staffHomeOf(viewer.role), 303);
  const read = readRegistryQuery(new URL(request.url).searchParams);
  const heldMail = await staff.heldMail(viewer);
  // «Ответ не доставлен: N» (issue 46): a head's count of all, an executor's of theirs.
  const undelivered = await pageOf(context).services.mailbox.undeliveredAnswers(viewer);
  if (!read.ok) {
    return data(
      {
        error: read.message,
        query: {},
        page: { rows: [], nextAfter: undefined },
        today,
        heldMail,
        undelivered,
      },
      { status: 400 },
    );
  }
  const page = await staff.listAppeals(viewer, read.query);
  return { error: undefined, query: read.query, page, today, heldMail, undelivered };
}

export default function StaffListPage({ loaderData }: Route.ComponentProps) {
  const { query, page, today, error, heldMail, undelivered } = loaderData;
  const filters = {
    state: "state" in query ? query.state : undefined,
    deadline: "deadline" in query ? query.deadline : undefined,
    approval: "approval" in query ? query.approval : undefined,
    q: "q" in query ? query.q : undefined,
  };
  const filterParams = registryQueryParams(filters);
  return (
    <>
      <h1>Обращения граждан</h1>
      {heldMail > 0 ? (
        <div className="staff-notice" role="status" data-testid="held-mail">
          {heldMailNotice(heldMail)}
        </div>
      ) : null}
      <UndeliveredNotice count={undelivered} />
      {error ? <NoticeBanner kind="error">{error}</NoticeBanner> : null}
      <search>
        <form method="get" action="/staff" className="staff-filters">
          <Select
            id="filter-state"
            name="state"
            label="Состояние"
            defaultValue={filters.state ?? ""}
            options={[
              { value: "", label: "Все" },
              ...appealStates.map((state) => ({ value: state, label: appealStateLabels[state] })),
            ]}
          />
          <Select
            id="filter-deadline"
            name="deadline"
            label="Срок"
            defaultValue={filters.deadline ?? ""}
            options={[
              { value: "", label: "Любой" },
              ...(["overdue", "due-soon"] as const).map((filter) => ({
                value: filter,
                label: deadlineFilterLabels[filter],
              })),
            ]}
          />
          <Choice
            type="checkbox"
            name="approval"
            value="awaiting"
            defaultChecked={filters.approval === "awaiting"}
            label="Ждут согласования"
          />
          <TextInput
            id="filter-q"
            name="q"
            type="search"
            label="Номер, фамилия или e-mail"
            defaultValue={filters.q ?? ""}
          />
          <Button>Показать</Button>
          <a href={`/staff/export.csv${filterParams ? `?${filterParams}` : ""}`} download>
            Выгрузить в CSV
          </a>
        </form>
      </search>
      {page.rows.length === 0 ? (
        <p>Обращений не найдено.</p>
      ) : (
        <Table label="Обращения, сначала новые">
          <caption className="visually-hidden">Обращения, сначала новые</caption>
          <thead>
            <tr>
              <th scope="col">Номер</th>
              <th scope="col">Поступило</th>
              <th scope="col">Зарегистрировано</th>
              <th scope="col">Состояние</th>
              <th scope="col">Ближайший срок</th>
              <th scope="col">Исполнитель</th>
              <th scope="col">Автор</th>
              <th scope="col">Текст обращения</th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => {
              const deadline = nextDeadline(row, today);
              const review = draftReviewOf(row, row.drafts);
              return (
                <tr key={row.id}>
                  <td className="staff-nowrap">
                    <a href={`/staff/appeals/${row.id}`}>{row.number}</a>
                  </td>
                  <td>
                    <Moment iso={row.created_at} />
                  </td>
                  <td>
                    <Day iso={row.registered_on} />
                  </td>
                  <td>
                    <StateTag state={row.state}>{appealStateLabels[row.state]}</StateTag>
                    {review ? (
                      <DraftMark review={review}>{draftReviewLabels[review]}</DraftMark>
                    ) : null}
                  </td>
                  <td>{deadline ? <DeadlineText deadline={deadline} withKind /> : "—"}</td>
                  <td>{row.assignee ?? "—"}</td>
                  <td>
                    {visibleText(row.last_name)} {visibleText(row.first_name)}
                  </td>
                  <td className="staff-table__text">{visibleText(row.comment_start)}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      {page.nextAfter !== undefined ? (
        <p>
          <a href={`/staff?${registryQueryParams(filters, page.nextAfter)}`}>Следующие обращения</a>
        </p>
      ) : null}
    </>
  );
}
