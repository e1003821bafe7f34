import { data, redirect } from "react-router";
import { formOf, requireStaff } from "../../domain/pages/page-context.ts";
import { readTopicForm } from "../../domain/staff/topic-form.ts";
import { NoticeBanner } from "../components/staff/notice-banner/notice-banner.tsx";
import type { Route } from "./+types/staff-appeal-topic.ts";

/** The topic form's POST (app/features/staff/appeal-topic-form.tsx); back to the appeal's page. */
export async function action({ params, context }: Route.ActionArgs) {
  const { staff, viewer } = requireStaff(context);
  const read = readTopicForm(formOf(context).fields.entries());
  if (!read.ok) return data({ error: read.message }, { status: 400 });
  const result = await staff.setTopic(viewer, params.id, read.topic);
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  throw redirect(`/staff/appeals/${params.id}`, 303);
}

// No loader: React Router runs the loaders after an action, and a redirect there would hide the
// action's refusal. A GET here (a bookmark, a reload) shows only the way back.
export default function StaffAppealTopicPage({ actionData, params }: Route.ComponentProps) {
  return (
    <>
      <h1>{actionData ? "Тема обращения не сохранена" : "Тема обращения"}</h1>
      {actionData ? (
        <NoticeBanner kind="error">{actionData.error}</NoticeBanner>
      ) : (
        <p>Тему выбирают на странице обращения.</p>
      )}
      <p>
        <a href={`/staff/appeals/${params.id}`}>Вернуться к обращению</a>
      </p>
    </>
  );
}
