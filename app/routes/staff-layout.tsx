import { Outlet } from "react-router";
import { pageOf } from "../../domain/pages/page-context.ts";
import { can, staffHomeOf, staffRoleLabels } from "../../domain/staff/staff-roles.ts";
import { Button } from "../components/staff/button/button.tsx";
import { staffStyles } from "../components/staff/staff-styles.ts";
import { CsrfField } from "../features/staff/staff-display.tsx";
import type { RouteHandle } from "../route-handle.ts";
import type { Route } from "./+types/staff-layout.ts";

// No JavaScript: the registry works with plain forms, and a strict CSP holds.
export const handle: RouteHandle = { staffArea: true, styles: [staffStyles] };

export const meta = () => [
  { title: "Реестр обращений граждан" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { viewer, csrfToken, services } = pageOf(context);
  // «Письма без обращения» (issue 46): a registrar's and a head's, with how many wait.
  const waitingMail = viewer ? await services.mailbox.waiting(viewer) : undefined;
  return {
    login: viewer?.login ?? null,
    role: viewer?.role ?? null,
    csrfToken,
    waitingMail: waitingMail?.length,
  };
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <header className="staff-header">
        <span className="staff-header__title">Реестр обращений граждан</span>
        {loaderData.login ? (
          <nav aria-label="Реестр">
            {loaderData.role && staffHomeOf(loaderData.role) === "/staff/site" ? null : (
              <a href="/staff">Список обращений</a>
            )}
            {loaderData.role && can(loaderData.role, "edit-site") ? (
              <>
                {staffHomeOf(loaderData.role) === "/staff" ? " · " : null}
                <a href="/staff/site">Содержание сайта</a>
              </>
            ) : null}
            {loaderData.role && can(loaderData.role, "manage-templates") ? (
              <>
                {" · "}
                <a href="/staff/templates">Шаблоны ответов</a>
              </>
            ) : null}
            {loaderData.role && can(loaderData.role, "statistics") ? (
              <>
                {" · "}
                <a href="/staff/statistics">Статистика</a>
              </>
            ) : null}
            {loaderData.waitingMail !== undefined ? (
              <>
                {" · "}
                <a href="/staff/mail" data-testid="menu-mail">
                  Письма без обращения
                  {loaderData.waitingMail > 0 ? ` (${loaderData.waitingMail})` : ""}
                </a>
              </>
            ) : null}
            {/* «Архив» (issue 45): a head's only, as the server's archive port answers. */}
            {loaderData.role === "head" ? (
              <>
                {" · "}
                <a href="/staff/archive">Архив</a>
              </>
            ) : null}
            {" · "}
            <span>Вы вошли как {loaderData.login}</span>
            {loaderData.role ? <span> ({staffRoleLabels[loaderData.role]})</span> : null}
            {" · "}
            {/* The account's page: its e-mail, and a head's choice of notices (issue 43). */}
            <a href="/staff/account">Учётная запись</a>
            {" · "}
            <form method="post" action="/staff/logout">
              <CsrfField token={loaderData.csrfToken} />
              <Button kind="secondary">Выйти</Button>
            </form>
          </nav>
        ) : null}
      </header>
      <div className="staff-page">
        <Outlet />
      </div>
    </>
  );
}
