import { data } from "react-router";
import { pageOf, requireStaff } from "../../domain/pages/page-context.ts";
import { Table } from "../components/staff/table/table.tsx";
import { fieldHref } from "../features/site/field-href.ts";
import { NotFoundForRole } from "../features/site/site-display.tsx";
import type { Route } from "./+types/staff-site-fill.ts";

/**
 * «Что заполнить» (decision 0040): every value of the public site that is still the seed's
 * placeholder (the phone 00-00-00, «ул. Примерная», the contacts' names and e-mails…), each with
 * its page (a link to its editor), the field in words (a link to the field itself in the editor:
 * its id as the address's anchor, the browser scrolls to it, issue 43), the value shown now.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const access = requireStaff(context, "edit-site");
  // Outside the role the page does not exist (as any staff page outside a role).
  if (!access) return data({ found: [], notFound: true }, { status: 404 });
  const found = await pageOf(context).services.site.placeholders(access.viewer);
  return { found, notFound: false };
}

export default function StaffSiteFillPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.notFound) return <NotFoundForRole />;
  const { found } = loaderData;
  return (
    <>
      <p>
        <a href="/staff/site">Содержание сайта</a>
      </p>
      <h1>Что заполнить</h1>
      {found.length === 0 ? (
        <p>Всё заполнено: на сайте не осталось значений-образцов.</p>
      ) : (
        <>
          <p>
            Значений-образцов на сайте: {found.length}. Замените их настоящими в редакторе страницы:
            значение уйдёт из списка, когда редакция с настоящим будет опубликована.
          </p>
          <Table label="Значения-образцы на сайте">
            <thead>
              <tr>
                <th scope="col">Страница</th>
                <th scope="col">Поле</th>
                <th scope="col">Сейчас на сайте</th>
                <th scope="col">Почему это образец</th>
              </tr>
            </thead>
            <tbody>
              {found.map((item) => (
                <tr key={`${item.page}:${item.path.join(".")}`}>
                  <td>
                    <a href={`/staff/site/${item.page}`}>{item.pageTitle}</a>
                  </td>
                  <td>
                    <a href={fieldHref(item.page, item.path)}>{item.field}</a>
                  </td>
                  <td>{item.value}</td>
                  <td>{item.why.join("; ")}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </>
  );
}
