/**
 * The appeal page's topic form (app/features/staff/appeal-topic-form.tsx): one field, a code of
 * the classifier; anything else is a 400 with a Russian message.
 */
import { z } from "zod";
import { type AppealTopic, appealTopicCodes } from "../appeals/appeal-topics.ts";

const topicFormSchema = z.object({
  topic: z.enum(appealTopicCodes, { error: "Выберите тему обращения из списка" }),
});

export function readTopicForm(
  entries: Iterable<[string, unknown]>,
): { ok: true; topic: AppealTopic } | { ok: false; message: string } {
  const values: Record<string, unknown> = {};
  for (const [name, value] of entries) if (typeof value === "string") values[name] = value;
  const result = topicFormSchema.safeParse(values);
  if (result.success) return { ok: true, topic: result.data.topic };
  return { ok: false, message: result.error.issues.map((issue) => issue.message).join("; ") };
}
