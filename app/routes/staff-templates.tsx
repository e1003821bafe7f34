import { data, redirect } from "react-router";
import { inputConstraints } from "../../domain/forms/input-constraints.ts";
import { formOf, requireStaff } from "../../domain/pages/page-context.ts";
import {
  readReplyTemplateForm,
  replyTemplateFormSchema,
} from "../../domain/staff/reply-template-form.ts";
import { replyTemplatePlaceholders } from "../../domain/staff/reply-template-text.ts";
import { Button } from "../components/staff/button/button.tsx";
import { TextInput } from "../components/staff/field/field.tsx";
import { NoticeBanner } from "../components/staff/notice-banner/notice-banner.tsx";
import { Textarea } from "../components/staff/textarea/textarea.tsx";
import { CsrfField, Moment } from "../features/staff/staff-display.tsx";
import type { Route } from "./+types/staff-templates.ts";

/** The heads' reply templates: an answer may start from one (its text, placeholders filled in). */
export async function loader({ context }: Route.LoaderArgs) {
  const access = requireStaff(context, "manage-templates");
  if (!access) return data({ forbidden: true, templates: [], csrfToken: "" }, { status: 403 });
  const { staff, viewer, csrfToken } = access;
  return { forbidden: false, templates: await staff.replyTemplates(viewer), csrfToken };
}

export async function action({ context }: Route.ActionArgs) {
  const { staff, viewer } = requireStaff(context);
  const read = readReplyTemplateForm(formOf(context).fields.entries());
  if (!read.ok) return data({ error: read.message }, { status: 400 });
  const result = await staff.changeReplyTemplates(viewer, read.form);
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  throw redirect("/staff/templates", 303);
}

/** A template's field's limits, as the schema that saves it checks them. */
const templateField = (field: "title" | "text") =>
  inputConstraints(replyTemplateFormSchema, "save-template", field);

const placeholderList = Object.entries(replyTemplatePlaceholders)
  .map(([name, meaning]) => `{${name}} — ${meaning}`)
  .join("; ");

export default function StaffTemplatesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { templates, csrfToken, forbidden } = loaderData;
  if (forbidden) {
    return (
      <>
        <h1>Шаблоны ответов</h1>
        <p>Шаблоны ответов ведут руководители.</p>
      </>
    );
  }
  return (
    <>
      <h1>Шаблоны ответов</h1>
      {actionData?.error ? <NoticeBanner kind="error">{actionData.error}</NoticeBanner> : null}
      <p className="staff-hint">В тексте можно использовать: {placeholderList}.</p>
      {templates.length === 0 ? <p>Шаблонов пока нет.</p> : null}
      {templates.map((template) => (
        <section key={template.id} className="staff-form" aria-label={template.title}>
          <form method="post" className="staff-stack">
            <CsrfField token={csrfToken} />
            <input type="hidden" name="intent" value="save-template" />
            <input type="hidden" name="id" value={template.id} />
            <TextInput
              id={`template-${template.id}-title`}
              name="title"
              label="Название"
              {...templateField("title")}
              defaultValue={template.title}
            />
            <Textarea
              id={`template-${template.id}-text`}
              name="text"
              label="Текст"
              rows={8}
              {...templateField("text")}
              defaultValue={template.text}
            />
            <p className="staff-hint">
              Изменён <Moment iso={template.updatedAt} />, {template.updatedBy}
            </p>
            <Button>Сохранить шаблон</Button>
          </form>
          <form method="post">
            <CsrfField token={csrfToken} />
            <input type="hidden" name="intent" value="delete-template" />
            <input type="hidden" name="id" value={template.id} />
            <Button kind="secondary">Удалить шаблон</Button>
          </form>
        </section>
      ))}
      <h2>Новый шаблон</h2>
      <form method="post" className="staff-form" aria-label="Новый шаблон">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value="save-template" />
        <TextInput
          id="new-template-title"
          name="title"
          label="Название"
          {...templateField("title")}
        />
        <Textarea
          id="new-template-text"
          name="text"
          label="Текст"
          rows={8}
          {...templateField("text")}
        />
        <Button>Добавить шаблон</Button>
      </form>
    </>
  );
}
