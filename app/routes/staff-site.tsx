import { data } from "react-router";
import { pageOf, requireStaff } from "../../domain/pages/page-context.ts";
import { editionStateLabels } from "../../domain/site-content/site-editions.ts";
import { Table } from "../components/staff/table/table.tsx";
import { ScheduledMoment } from "../features/site/publish-schedule-fields.tsx";
import { EditionStateTag, NotFoundForRole } from "../features/site/site-display.tsx";
import { Moment } from "../features/staff/staff-display.tsx";
import type { Route } from "./+types/staff-site.ts";

/** «Содержание сайта»: the pages staff may edit, each with its state and who changed it last. */
export async function loader({ context }: Route.LoaderArgs) {
  const access = requireStaff(context, "edit-site");
  // Outside the role the page does not exist (as any staff page outside a role).
  if (!access) return data({ pages: [], notFound: true }, { status: 404 });
  return { pages: await pageOf(context).services.site.pages(access.viewer), notFound: false };
}

export default function StaffSitePage({ loaderData }: Route.ComponentProps) {
  if (loaderData.notFound) return <NotFoundForRole />;
  return (
    <>
      <h1>Содержание сайта</h1>
      <Table label="Страницы сайта">
        <thead>
          <tr>
            <th scope="col">Страница</th>
            <th scope="col">Состояние</th>
            <th scope="col">Изменил</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.pages.map((page) => (
            <tr key={page.page}>
              <td>
                <a href={`/staff/site/${page.page}`}>{page.title}</a> ({page.path})
              </td>
              <td>
                {page.state ? (
                  <EditionStateTag state={page.state} />
                ) : (
                  `${editionStateLabels.published}: содержание сборки`
                )}
                {page.publishAt ? (
                  <>
                    {" "}
                    <ScheduledMoment iso={page.publishAt} />
                  </>
                ) : null}
              </td>
              <td>
                {page.changedBy ? (
                  <>
                    {page.changedBy}, <Moment iso={page.changedAt ?? ""} />
                  </>
                ) : (
                  "—"
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
