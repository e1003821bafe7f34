import { appealTopics, topicLabel } from "../../../domain/appeals/appeal-topics.ts";
import { CsrfField } from "./staff-display.tsx";

/**
 * The appeal's topic on its page: the classifier's list (domain/appeals/appeal-topics.ts), posted
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
    <>
      <h2>Тема обращения</h2>
      <p data-testid="appeal-topic">{topicLabel(topic)}</p>
      <form
        method="post"
        action={`/staff/appeals/${appealId}/topic`}
        className="staff-form"
        aria-label="Тема обращения"
      >
        <CsrfField token={csrfToken} />
        <label>
          Тема
          <select name="topic" defaultValue={topic ?? ""} required>
            <option value="" disabled>
              Выберите тему
            </option>
            {appealTopics.map((item) => (
              <option key={item.code} value={item.code}>
                {item.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Сохранить тему</button>
      </form>
    </>
  );
}
