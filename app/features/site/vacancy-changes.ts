/**
 * What one edition of /vacancies changed against the one before, field by field, in words
 * («История», decision 0031): vacancies added and removed, each field changed with its old and
 * new value, and a new order.
 */
import { vacancySalaryLabel } from "../../../content/vacancies.ts";
import {
  type VacanciesContent,
  type Vacancy,
  vacancyConditionFields,
  vacancyConditionLabels,
} from "../../../domain/site-content/vacancies-content.ts";
import { type FieldChange, listChanges } from "./field-change.ts";

const fieldsOf = (vacancy: Vacancy): { label: string; value: string }[] => [
  { label: "Название", value: vacancy.title },
  { label: "Зарплата", value: vacancySalaryLabel(vacancy) },
  ...vacancyConditionFields.map((field) => ({
    label: vacancyConditionLabels[field],
    value: vacancy[field],
  })),
];

export function vacancyChanges(before: VacanciesContent, after: VacanciesContent): FieldChange[] {
  return listChanges(before.vacancies, after.vacancies, {
    nameOf: (vacancy) => vacancy.title,
    fields: fieldsOf,
    added: "Вакансия добавлена",
    removed: "Вакансия удалена",
    order: "Порядок вакансий",
  });
}
