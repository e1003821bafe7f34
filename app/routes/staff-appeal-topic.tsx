import { data, redirect } from "react-router";
import { staffRequestContext } from "../../domain/staff/staff-context.ts";
import { readTopicForm } from "../../domain/staff/topic-form.ts";
import type { Route } from "./+types/staff-appeal-topic.ts";

/** The topic form's POST (app/features/staff/appeal-topic-form.tsx); back to the appeal's page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = context.get(staffRequestContext);
  const read = readTopicForm((await request.formData()).entries());
  if (!read.ok) return data({ error: read.message }, { status: 400 });
  const result = await staff.setTopic(params.id, read.topic);
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  throw redirect(`/staff/appeals/${params.id}`, 303);
}

/** A GET here (a bookmark, a reload) leads back to the appeal. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/staff/appeals/${params.id}`, 303);
}

export default function StaffAppealTopicPage({ actionData, params }: Route.ComponentProps) {
  return (
    <>
      <h1>Тема обращения не сохранена</h1>
      <p className="staff-error" role="alert">
        {actionData?.error ?? "Не удалось сохранить тему."}
      </p>
      <p>
        <a href={`/staff/appeals/${params.id}`}>Вернуться к обращению</a>
      </p>
    </>
  );
}
