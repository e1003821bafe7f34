/**
 * The heads' forms on /staff/templates: save a reply template (new, or an existing one by its id)
 * or delete one. Read with one schema: a bad field is a 400 with a Russian message.
 */
import { z } from "zod";
import { answerFileLimits } from "./answer-files.ts";

const templateId = z
  .string({ error: "Неизвестный шаблон" })
  .regex(/^[1-9]\d{0,15}$/, { error: "Неизвестный шаблон" })
  .transform(Number);

export const replyTemplateFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("save-template"),
      id: z
        .string()
        .optional()
        .transform((text) => (text ? text : undefined))
        .pipe(templateId.optional()),
      title: z
        .string({ error: "Укажите название шаблона" })
        .trim()
        .min(1, { error: "Укажите название шаблона" })
        .max(200, { error: "Название — не длиннее 200 знаков" }),
      text: z
        .string({ error: "Напишите текст шаблона" })
        .trim()
        .min(1, { error: "Напишите текст шаблона" })
        .max(answerFileLimits.maxTextLength, {
          error: `Текст шаблона — не длиннее ${answerFileLimits.maxTextLength} знаков`,
        }),
    }),
    z.object({ intent: z.literal("delete-template"), id: templateId }),
  ],
  { error: "Неизвестное действие" },
);

export type ReplyTemplateForm = z.infer<typeof replyTemplateFormSchema>;

export function readReplyTemplateForm(
  entries: Iterable<[string, unknown]>,
): { ok: true; form: ReplyTemplateForm } | { ok: false; message: string } {
  const values: Record<string, unknown> = {};
  for (const [name, value] of entries) if (typeof value === "string") values[name] = value;
  const result = replyTemplateFormSchema.safeParse(values);
  if (result.success) return { ok: true, form: result.data };
  return { ok: false, message: result.error.issues.map((issue) => issue.message).join("; ") };
}
