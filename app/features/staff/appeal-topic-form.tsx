import { appealTopics } from "../../../domain/appeals/appeal-topics.ts";
import { Button } from "../../components/staff/button/button.tsx";
import { Select } from "../../components/staff/select/select.tsx";
import { CsrfField } from "./staff-display.tsx";

/**
 * The appeal's topic among its page's actions (the summary shows it): the classifier's list (domain/appeals/appeal-topics.ts), posted
 * to /staff/appeals/:id/topic (app/routes/staff-appeal-topic.tsx), which audits the change.
 */
export function AppealTopicForm({
  appealId,
  topic,
  csrfToken,
}: {
  appealId: string;
  topic: string | null;
  csrfToken: string;
}) {
  return (
    <form
      method="post"
      action={`/staff/appeals/${appealId}/topic`}
      className="staff-form"
      aria-label="Тема обращения"
    >
      <CsrfField token={csrfToken} />
      <Select
        id="topic"
        name="topic"
        label="Тема"
        defaultValue={topic ?? ""}
        required
        options={[
          { value: "", label: "Выберите тему", disabled: true },
          ...appealTopics.map((item) => ({ value: item.code, label: item.label })),
        ]}
      />
      <Button kind="secondary">Сохранить тему</Button>
    </form>
  );
}
