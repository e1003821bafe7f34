/**
 * The content of /vacancies as staff edit it (issue 28): typed fields, never markup. The same
 * schema checks the build's defaults (content/vacancies.ts), a form posted by an editor and an
 * edition read back from the store, so the page never meets content it was not written for.
 */
import { z } from "zod";
import { itemIdPattern } from "../text/patterns.ts";
import { typedText as typed } from "./typed-text.ts";

/** What a vacancy's conditions may say, in the order the page lists them (empty: not shown). */
export const vacancyConditionFields = [
  "payments",
  "experience",
  "employment",
  "schedule",
  "hours",
  "place",
  "duties",
] as const;

export type VacancyConditionField = (typeof vacancyConditionFields)[number];

/** The label of each condition on the public page and in the editor. */
export const vacancyConditionLabels: Record<VacancyConditionField, string> = {
  payments: "Выплаты",
  experience: "Опыт работы",
  employment: "Занятость",
  schedule: "График",
  hours: "Рабочие часы",
  place: "Формат работы",
  duties: "Обязанности",
};

/** The longest text each condition may hold: duties are a paragraph, the rest a few words. */
const conditionLimits: Record<VacancyConditionField, number> = {
  payments: 200,
  experience: 200,
  employment: 200,
  schedule: 200,
  hours: 200,
  place: 200,
  duties: 2000,
};

export const vacancySchema = z.object({
  /** Stable within the page: the heading's id, and how the history follows one vacancy. */
  id: z.string().regex(itemIdPattern, "Неверный идентификатор вакансии."),
  title: typed(200).pipe(z.string().min(1, "Укажите название вакансии.")),
  salary: z.object({
    /** Roubles a month. */
    amount: z
      .number("Укажите зарплату числом рублей.")
      .int("Укажите зарплату целым числом рублей.")
      .min(1, "Укажите зарплату числом рублей больше нуля.")
      .max(10_000_000, "Проверьте зарплату: больше 10 000 000 ₽ в месяц."),
    /** After tax ('на руки'). */
    net: z.boolean(),
  }),
  ...(Object.fromEntries(
    vacancyConditionFields.map((field) => [field, typed(conditionLimits[field])]),
  ) as Record<VacancyConditionField, ReturnType<typeof typed>>),
});

export type Vacancy = z.infer<typeof vacancySchema>;

export const maxVacancies = 30;

export const vacanciesContentSchema = z
  .object({
    vacancies: z.array(vacancySchema).max(maxVacancies, `Не больше ${maxVacancies} вакансий.`),
  })
  .refine(
    (content) =>
      new Set(content.vacancies.map((vacancy) => vacancy.id)).size === content.vacancies.length,
    "Вакансии повторяются.",
  );

export type VacanciesContent = z.infer<typeof vacanciesContentSchema>;
