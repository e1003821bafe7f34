import { data, redirect } from "react-router";
import { staffRequestContext } from "../../domain/staff/staff-context.ts";
import { Button } from "../components/staff/button/button.tsx";
import { TextInput } from "../components/staff/field/field.tsx";
import { NoticeBanner } from "../components/staff/notice-banner/notice-banner.tsx";
import { CsrfField } from "../features/staff/staff-display.tsx";
import type { Route } from "./+types/staff-login.ts";

export const meta = () => [
  { title: "Вход в реестр обращений" },
  { name: "robots", content: "noindex, nofollow" },
];

export function loader({ context }: Route.LoaderArgs) {
  const staff = context.get(staffRequestContext);
  if (staff.login) throw redirect("/staff");
  return { csrfToken: staff.csrfToken };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = context.get(staffRequestContext);
  const form = await request.formData();
  const login = String(form.get("login") ?? "");
  const password = String(form.get("password") ?? "");
  const result = await staff.signIn(login, password);
  if (result.ok) throw redirect("/staff");
  return data({ error: result.message, login }, { status: result.status });
}

export default function StaffLoginPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1>Вход в реестр обращений</h1>
      {actionData?.error ? <NoticeBanner kind="error">{actionData.error}</NoticeBanner> : null}
      <form method="post" className="staff-form staff-form--narrow">
        <CsrfField token={loaderData.csrfToken} />
        <TextInput
          id="login"
          name="login"
          label="Логин"
          autoComplete="username"
          required
          defaultValue={actionData?.login ?? ""}
        />
        <TextInput
          id="password"
          name="password"
          type="password"
          label="Пароль"
          autoComplete="current-password"
          required
        />
        <Button>Войти</Button>
      </form>
    </>
  );
}
