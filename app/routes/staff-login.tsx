import { data, redirect } from "react-router";
import { formOf, pageOf, startSession } from "../../domain/pages/page-context.ts";
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
  const { viewer, csrfToken } = pageOf(context);
  if (viewer) throw redirect("/staff");
  return { csrfToken };
}

export async function action({ context }: Route.ActionArgs) {
  const { services, client } = pageOf(context);
  const form = formOf(context).fields;
  const login = String(form.get("login") ?? "");
  const password = String(form.get("password") ?? "");
  const result = await services.signIn.signIn(login, password, client.address);
  if (result.ok) {
    startSession(context, result.token);
    throw redirect("/staff");
  }
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
