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

export type FieldChange = { what: string; before: string; after: string };

const fieldsOf = (vacancy: Vacancy): { label: string; value: string }[] => [
  { label: "Название", value: vacancy.title },
  { label: "Зарплата", value: vacancySalaryLabel(vacancy) },
  ...vacancyConditionFields.map((field) => ({
    label: vacancyConditionLabels[field],
    value: vacancy[field],
  })),
];

export function vacancyChanges(before: VacanciesContent, after: VacanciesContent): FieldChange[] {
  const changes: FieldChange[] = [];
  const earlier = new Map(before.vacancies.map((vacancy) => [vacancy.id, vacancy]));
  const later = new Map(after.vacancies.map((vacancy) => [vacancy.id, vacancy]));
  for (const vacancy of after.vacancies) {
    const old = earlier.get(vacancy.id);
    if (!old) {
      changes.push({ what: "Вакансия добавлена", before: "", after: vacancy.title });
      continue;
    }
    const oldFields = fieldsOf(old);
    fieldsOf(vacancy).forEach((field, index) => {
      const was = oldFields[index]?.value ?? "";
      if (was !== field.value) {
        changes.push({ what: `${old.title}: ${field.label}`, before: was, after: field.value });
      }
    });
  }
  for (const vacancy of before.vacancies) {
    if (!later.has(vacancy.id)) {
      changes.push({ what: "Вакансия удалена", before: vacancy.title, after: "" });
    }
  }
  const order = (content: VacanciesContent, kept: Map<string, Vacancy>) =>
    content.vacancies.filter((vacancy) => kept.has(vacancy.id)).map((vacancy) => vacancy.id);
  if (order(before, later).join() !== order(after, earlier).join()) {
    changes.push({
      what: "Порядок вакансий",
      before: before.vacancies.map((vacancy) => vacancy.title).join(", "),
      after: after.vacancies.map((vacancy) => vacancy.title).join(", "),
    });
  }
  return changes;
}
