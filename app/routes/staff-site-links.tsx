import { data } from "react-router";
import { pageOf, requireStaff } from "../../domain/pages/page-context.ts";
import { editablePages, isEditablePage } from "../../domain/site-content/site-editions.ts";
import type { BrokenLink } from "../../domain/site-content/site-links-report.ts";
import { formatKirovDateTime } from "../../domain/time/kirov-time.ts";
import { Table } from "../components/staff/table/table.tsx";
import { NotFoundForRole } from "../features/site/site-display.tsx";
import type { Route } from "./+types/staff-site-links.ts";

export const meta = () => [
  { title: "Ссылки — Содержание сайта" },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * «Ссылки» (issue 43, decision 0061), for those who edit the site (editors and heads): the links
 * to other sites in the published texts that the daily check found broken, each with the pages
 * and fields that hold it, a link to the page's editor beside. The site's own links are checked
 * when a page is saved or published and never get here.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const access = requireStaff(context, "edit-site");
  // Outside the role the page does not exist (as any staff page outside a role).
  if (!access) return data({ broken: [] as BrokenLink[], notFound: true }, { status: 404 });
  return { broken: await pageOf(context).services.siteLinks.broken(), notFound: false };
}

/** A page's title for staff, by its key; the key itself for a page no longer editable. */
const pageTitle = (page: string) => (isEditablePage(page) ? editablePages[page].title : page);

function Places({ places }: { places: BrokenLink["places"] }) {
  return (
    <ul className="plain-list">
      {places.map((place) => (
        <li key={`${place.page} ${place.field}`}>
          <a href={`/staff/site/${place.page}`}>{pageTitle(place.page)}</a>, поле {place.fieldLabel}
        </li>
      ))}
    </ul>
  );
}

export default function StaffSiteLinksPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.notFound) return <NotFoundForRole />;
  const { broken } = loaderData;
  return (
    <>
      <p>
        <a href="/staff/site">Содержание сайта</a>
      </p>
      <h1>Ссылки</h1>
      <p>
        Каждую ночь сайт проверяет ссылки на другие сайты в опубликованных текстах. Здесь — те, что
        не открылись. Откройте страницу, исправьте или уберите ссылку и опубликуйте страницу. Ссылки
        на страницы, документы и объявления этого сайта проверяются при сохранении и публикации:
        неработающую опубликовать нельзя.
      </p>
      {broken.length === 0 ? (
        <p>Неработающих ссылок не найдено.</p>
      ) : (
        <Table label="Неработающие ссылки">
          <thead>
            <tr>
              <th scope="col">Ссылка</th>
              <th scope="col">Что не так</th>
              <th scope="col">Где</th>
              <th scope="col">Проверена</th>
            </tr>
          </thead>
          <tbody>
            {broken.map((link) => (
              <tr key={link.href}>
                <td className="staff-table__text">
                  <a href={link.href} rel="noopener noreferrer">
                    {link.href}
                  </a>
                </td>
                <td className="staff-table__text">{link.problem}</td>
                <td className="staff-table__text">
                  <Places places={link.places} />
                </td>
                <td>{link.checkedAt ? formatKirovDateTime(new Date(link.checkedAt)) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
