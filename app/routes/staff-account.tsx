import { data, redirect } from "react-router";
import { formOf, pageOf, requireStaff } from "../../domain/pages/page-context.ts";
import {
  isSiteNoticeChoice,
  siteNoticeChoiceLabels,
  siteNoticeChoices,
} from "../../domain/staff/site-notice-choice.ts";
import { can, staffRoleLabels } from "../../domain/staff/staff-roles.ts";
import { Button } from "../components/staff/button/button.tsx";
import { Choice } from "../components/staff/field/field.tsx";
import { NoticeBanner } from "../components/staff/notice-banner/notice-banner.tsx";
import { CsrfField } from "../features/staff/staff-display.tsx";
import type { Route } from "./+types/staff-account.ts";

export const meta = () => [
  { title: "Учётная запись" },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * The signed-in staff member's own account (issue 43): login, role, where their mail goes; a
 * head chooses how to hear of the site's editions awaiting approval, a mail each time or one
 * digest a day.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { viewer, csrfToken } = requireStaff(context);
  const account = await pageOf(context).services.account.own(viewer);
  return {
    login: viewer.login,
    role: staffRoleLabels[viewer.role],
    email: account?.email ?? null,
    siteNotices: can(viewer.role, "approve-site") ? (account?.siteNotices ?? null) : null,
    csrfToken,
    saved: new URL(request.url).searchParams.get("done") === "saved",
  };
}

export async function action({ context }: Route.ActionArgs) {
  const { viewer } = requireStaff(context);
  const choice = formOf(context).fields.get("site-notices") ?? "";
  if (!isSiteNoticeChoice(choice)) {
    return data({ error: "Выберите, как присылать уведомления." }, { status: 400 });
  }
  const chosen = await pageOf(context).services.account.chooseSiteNotices(viewer, choice);
  if (!chosen) return data({ error: "Это действие недоступно для вашей роли." }, { status: 403 });
  throw redirect("/staff/account?done=saved", 303);
}

export default function StaffAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { login, role, email, siteNotices, csrfToken, saved } = loaderData;
  return (
    <>
      <h1>Учётная запись</h1>
      {actionData?.error ? <NoticeBanner kind="error">{actionData.error}</NoticeBanner> : null}
      {saved ? <NoticeBanner>Сохранено.</NoticeBanner> : null}
      <p>
        {login}, {role}. Письма приходят на адрес: {email ?? "не указан (письма не приходят)"}.
      </p>
      {siteNotices ? (
        <form method="post" className="staff-form staff-stack">
          <CsrfField token={csrfToken} />
          <fieldset>
            <legend>Уведомления о страницах на согласовании</legend>
            {siteNoticeChoices.map((choice) => (
              <Choice
                key={choice}
                type="radio"
                name="site-notices"
                value={choice}
                defaultChecked={choice === siteNotices}
                label={siteNoticeChoiceLabels[choice]}
              />
            ))}
          </fieldset>
          <Button>Сохранить</Button>
        </form>
      ) : null}
    </>
  );
}
