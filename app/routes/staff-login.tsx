import { data, redirect } from "react-router";
import { staffRequestContext } from "../../domain/staff/staff-context.ts";
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
