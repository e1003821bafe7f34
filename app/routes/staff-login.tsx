import { data, redirect } from "react-router";
import { formOf, pageOf, startSession } from "../../domain/pages/page-context.ts";
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
      {actionData?.error ? (
        <p className="staff-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <form method="post" className="staff-form" style={{ maxInlineSize: "24rem" }}>
        <CsrfField token={loaderData.csrfToken} />
        <label>
          Логин
          <input
            name="login"
            autoComplete="username"
            required
            defaultValue={actionData?.login ?? ""}
          />
        </label>
        <label>
          Пароль
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <button type="submit">Войти</button>
      </form>
    </>
  );
}
