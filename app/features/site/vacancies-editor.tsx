import { inputConstraints } from "../../../domain/forms/input-constraints.ts";
import type { FormErrors } from "../../../domain/site-content/site-form.ts";
import {
  vacancyConditionFields,
  vacancyConditionLabels,
  vacancySchema,
} from "../../../domain/site-content/vacancies-content.ts";
import {
  type VacancyFormValues,
  vacancyFieldName,
} from "../../../domain/site-content/vacancies-form.ts";
import { Choice, TextInput } from "../../components/staff/field/field.tsx";
import { Textarea } from "../../components/staff/textarea/textarea.tsx";
import { AddItemButton, ListItemButtons } from "./list-buttons.tsx";
import type { EditorPart } from "./site-editor-form.tsx";

/** The vacancies editor's parts for its contents list: each vacancy's fieldset. */
export const vacanciesParts = (values: readonly VacancyFormValues[]): EditorPart[] =>
  values.map((vacancy, index) => ({
    id: `vacancy-${index}`,
    title: `Вакансия ${index + 1}${vacancy.title ? `: ${vacancy.title}` : ""}`,
  }));

/**
 * The vacancies' fields in the shared editor form (site-editor-form.tsx): every vacancy's
 * fields, and buttons to move, remove and add one (they show the form again changed, nothing is
 * stored). Plain HTML: it works without JavaScript.
 */
export function VacanciesFields({
  values,
  errors,
}: {
  values: readonly VacancyFormValues[];
  errors: FormErrors | undefined;
}) {
  const errorOf = (index: number, field: string) => errors?.byField[vacancyFieldName(index, field)];
  return (
    <>
      <input type="hidden" name="count" value={values.length} />
      {values.length === 0 ? (
        <p>Вакансий нет: страница скажет, что открытых вакансий сейчас нет.</p>
      ) : null}
      {values.map((vacancy, index) => {
        const name = (field: string) => vacancyFieldName(index, field);
        const id = (field: string) => `vacancy-${index}-${field}`;
        return (
          <fieldset key={vacancy.id} id={`vacancy-${index}`} className="staff-form staff-stack">
            <legend>
              Вакансия {index + 1}
              {vacancy.title ? `: ${vacancy.title}` : ""}
            </legend>
            <input type="hidden" name={name("id")} value={vacancy.id} />
            <TextInput
              id={id("title")}
              name={name("title")}
              label="Название"
              {...inputConstraints(vacancySchema, "title")}
              defaultValue={vacancy.title}
              error={errorOf(index, "title")}
            />
            <TextInput
              id={id("salary")}
              name={name("salary")}
              label="Зарплата, ₽ в месяц"
              hint="Числом, например 45000"
              inputMode="numeric"
              required
              short
              defaultValue={vacancy.salary}
              error={errorOf(index, "salary")}
            />
            <Choice
              type="checkbox"
              name={name("net")}
              defaultChecked={vacancy.net}
              label="На руки (после вычета налога)"
            />
            {vacancyConditionFields.map((field) => {
              const control = {
                id: id(field),
                name: name(field),
                label: vacancyConditionLabels[field],
                defaultValue: vacancy[field],
                error: errorOf(index, field),
                ...inputConstraints(vacancySchema, field),
              };
              // Duties are a paragraph; every other condition a few words.
              return field === "duties" ? (
                <Textarea key={field} {...control} hint="Необязательно" rows={4} />
              ) : (
                <TextInput
                  key={field}
                  {...control}
                  hint="Необязательно: пустое поле на странице не показывается"
                />
              );
            })}
            <ListItemButtons
              index={index}
              count={values.length}
              remove="Удалить вакансию"
              itemName={`вакансия ${index + 1}`}
            />
          </fieldset>
        );
      })}
      <AddItemButton label="Добавить вакансию" />
    </>
  );
}
