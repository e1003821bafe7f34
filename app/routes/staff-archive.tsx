import { data, redirect } from "react-router";
import { formOf, pageOf, requireStaff } from "../../domain/pages/page-context.ts";
import { NoticeBanner } from "../components/staff/notice-banner/notice-banner.tsx";
import { NotFoundForRole } from "../features/site/site-display.tsx";
import archiveStyles from "../features/staff/archive.css?inline";
import { ArchiveActsList, ArchiveYearExports } from "../features/staff/archive-acts-list.tsx";
import { actPath } from "../features/staff/archive-display.tsx";
import { ArchiveDueYears } from "../features/staff/archive-due-years.tsx";
import staffPrintStyles from "../features/staff/staff-print.css?inline";
import type { RouteHandle } from "../route-handle.ts";
import type { Route } from "./+types/staff-archive.ts";

/**
 * «Архив» (issue 45, decision 0064): a head's. Per closing year the cases whose storage term has
 * ended, «Сформировать акт» for a draft act of destruction, the acts made, and the per-year
 * export. Anyone else gets 404: the server's port answers them nothing.
 */
export const handle: RouteHandle = { styles: [staffPrintStyles, archiveStyles] };

export const meta = () => [
  { title: "Архив — Реестр обращений граждан" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { viewer, csrfToken } = requireStaff(context);
  const overview = await pageOf(context).services.archive.overview(viewer);
  if (!overview) return data({ overview: undefined, csrfToken: "" }, { status: 404 });
  return { overview, csrfToken };
}

export async function action({ context }: Route.ActionArgs) {
  const { viewer } = requireStaff(context);
  const { fields } = formOf(context);
  const year = String(fields.get("closed_year") ?? "");
  if (fields.get("intent") !== "make-act" || (year !== "" && !/^\d{4}$/.test(year))) {
    return data({ error: "Неизвестное действие: обновите страницу" }, { status: 400 });
  }
  const made = await pageOf(context).services.archive.makeAct(
    viewer,
    year === "" ? null : Number(year),
  );
  if (!made.ok) return data({ error: made.message }, { status: made.status });
  throw redirect(actPath(made.actId), 303);
}

export default function StaffArchivePage({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, csrfToken } = loaderData;
  if (!overview) return <NotFoundForRole />;
  return (
    <>
      <h1>Архив</h1>
      {actionData ? <NoticeBanner kind="error">{actionData.error}</NoticeBanner> : null}
      <p className="staff-hint">
        Сроки хранения — по Перечню типовых управленческих архивных документов (приказ Росархива от
        20.12.2019 № 236): «постоянно» или «5 лет ЭПК». Срок считается с 1 января года, следующего
        за годом закрытия дела.
      </p>
      <ArchiveDueYears due={overview.due} csrfToken={csrfToken} />
      <ArchiveActsList acts={overview.acts} />
      <ArchiveYearExports closedYears={overview.closedYears} />
    </>
  );
}
