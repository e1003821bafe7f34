/**
 * The forms on the appeal page, one per action, read with one schema: an unknown action or a bad
 * field is a 400 with a Russian message. `version` is the appeal's version the page showed: a
 * change made meanwhile by someone else is refused instead of overwritten. A head's decision on a
 * draft carries the draft's revision too: a draft written again since is not decided unread.
 */
import { z } from "zod";
import { withoutAnswerGroundCodes } from "../appeals/appeal-states.ts";
import { appealTerms } from "../appeals/legal-terms.ts";
import { isIsoDate } from "../calendar/calendar-day.ts";
import { answerFileLimits } from "./answer-files.ts";

const day = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((text) => isIsoDate(text), { error: message });

const versionMessage = "Не указана версия обращения: обновите страницу";
const extensionDaysMessage = `Укажите число дней от 1 до ${appealTerms.maxExtensionDays}`;
/** A counter the page showed (a version, a revision): refused when missing or not a number. */
const counter = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,9}$/, { error: message })
    .transform(Number);
const version = counter(versionMessage);

const draftRevisionMessage = "Не указана редакция проекта: обновите страницу";
/** The appeal's version and the draft's revision the page showed, in a head's decision. */
const decisionFields = {
  version,
  draft_revision: counter(draftRevisionMessage),
};

const reviewComment = z
  .string({ error: "Напишите, что доработать" })
  .trim()
  .min(1, { error: "Напишите, что доработать" })
  .max(2000, { error: "Комментарий — не длиннее 2000 знаков" });

const answerTextMessage = "Напишите текст ответа";
const answerFields = {
  version,
  answer_text: z
    .string({ error: answerTextMessage })
    .trim()
    .min(1, { error: answerTextMessage })
    .max(answerFileLimits.maxTextLength, {
      error: `Текст ответа — не длиннее ${answerFileLimits.maxTextLength} знаков`,
    }),
  outgoing_number: z
    .string()
    .trim()
    .max(50, { error: "Исходящий номер — не длиннее 50 знаков" })
    .optional()
    .transform((text) => (text ? text : null)),
};

export const appealActionFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("register"),
      version,
      registered_on: day("Укажите дату регистрации"),
    }),
    z.object({ intent: z.literal("start"), version }),
    // The answer is sent from here (its files come with the form: server/attachments/);
    // the preview shows the mail without sending it.
    z.object({ intent: z.literal("answer"), ...answerFields }),
    z.object({ intent: z.literal("answer-preview"), ...answerFields }),
    z.object({ intent: z.literal("retry-answer") }),
    // A head's decision on an executor's draft (roles: domain/staff/staff-roles.ts).
    z.object({ intent: z.literal("approve-answer"), ...decisionFields }),
    z.object({
      intent: z.literal("return-answer"),
      ...decisionFields,
      review_comment: reviewComment,
    }),
    // The same for an executor's drafted forward, extension or leaving without an answer.
    z.object({ intent: z.literal("approve-notice"), ...decisionFields }),
    z.object({
      intent: z.literal("return-notice"),
      ...decisionFields,
      review_comment: reviewComment,
    }),
    z.object({
      intent: z.literal("assign"),
      version,
      // A login, or nothing to take the appeal off its executor.
      assignee: z
        .string({ error: "Выберите исполнителя" })
        .trim()
        .max(64, { error: "Выберите исполнителя" }),
    }),
    z.object({
      intent: z.literal("note"),
      note_text: z
        .string({ error: "Напишите текст заметки" })
        .trim()
        .min(1, { error: "Напишите текст заметки" })
        .max(5000, { error: "Заметка — не длиннее 5000 знаков" }),
    }),
    z.object({
      intent: z.literal("answer-by-post"),
      posted_on: day("Укажите дату отправки почтой"),
      post_address: z
        .string({ error: "Укажите почтовый адрес, по которому отправлен ответ" })
        .trim()
        .min(1, { error: "Укажите почтовый адрес, по которому отправлен ответ" })
        .max(500, { error: "Адрес — не длиннее 500 знаков" }),
    }),
    z.object({
      intent: z.literal("forward"),
      version,
      forwarded_to: z
        .string({ error: "Укажите, куда перенаправлено обращение" })
        .trim()
        .min(1, { error: "Укажите, куда перенаправлено обращение" })
        .max(300, { error: "Название органа — не длиннее 300 знаков" }),
      forwarded_on: day("Укажите дату перенаправления"),
    }),
    z.object({
      intent: z.literal("leave-without-answer"),
      version,
      ground: z.enum(withoutAnswerGroundCodes, { error: "Выберите основание" }),
    }),
    z.object({
      intent: z.literal("extend"),
      version,
      extension_days: z
        .string({ error: "Укажите, на сколько дней продлевается срок" })
        .regex(/^\d{1,2}$/, { error: extensionDaysMessage })
        .transform(Number)
        .refine((days) => days >= 1 && days <= appealTerms.maxExtensionDays, {
          error: extensionDaysMessage,
        }),
      extension_reason: z
        .string({ error: "Укажите причину продления" })
        .trim()
        .min(1, { error: "Укажите причину продления" })
        .max(1000, { error: "Причина — не длиннее 1000 знаков" }),
    }),
    z.object({
      intent: z.literal("notice-sent"),
      version,
      notice_sent_on: day("Укажите дату уведомления"),
    }),
    z.object({ intent: z.literal("retry-notification") }),
  ],
  { error: "Неизвестное действие" },
);

export type AppealActionForm = z.infer<typeof appealActionFormSchema>;

export function readAppealActionForm(
  entries: Iterable<[string, unknown]>,
): { ok: true; form: AppealActionForm } | { ok: false; message: string } {
  const values: Record<string, unknown> = {};
  for (const [name, value] of entries) if (typeof value === "string") values[name] = value;
  const result = appealActionFormSchema.safeParse(values);
  if (result.success) return { ok: true, form: result.data };
  return { ok: false, message: result.error.issues.map((issue) => issue.message).join("; ") };
}
