/**
 * The vacancies' editor as a plain form (no JavaScript): fields named `v<i>.<field>`, read back
 * into values (shown again as typed when something is wrong) and into checked content. Adding,
 * removing and moving a vacancy are buttons of the same form that change the values shown; only
 * the saving buttons store them.
 */
import {
  applyListChange,
  type FormCheck,
  formErrorsOf,
  freeId,
  type PageForm,
  readListChange,
  rublesOf,
} from "./site-form.ts";
import {
  maxVacancies,
  type VacanciesContent,
  type VacancyConditionField,
  vacanciesContentSchema,
  vacancyConditionFields,
  vacancyConditionLabels,
} from "./vacancies-content.ts";

/** One vacancy as the form holds it: every field as typed. */
export type VacancyFormValues = {
  id: string;
  title: string;
  salary: string;
  net: boolean;
} & Record<VacancyConditionField, string>;

export const vacancyFieldName = (index: number, field: string) => `v${index}.${field}`;

export function vacancyFormValues(content: VacanciesContent): VacancyFormValues[] {
  return content.vacancies.map((vacancy) => ({
    id: vacancy.id,
    title: vacancy.title,
    salary: String(vacancy.salary.amount),
    net: vacancy.salary.net,
    ...Object.fromEntries(vacancyConditionFields.map((field) => [field, vacancy[field]])),
  })) as VacancyFormValues[];
}

/** The fields a browser posts for these values (a checkbox left out when not ticked). */
export function vacancyFormFields(values: readonly VacancyFormValues[]): Record<string, string> {
  const fields: Record<string, string> = { count: String(values.length) };
  values.forEach((vacancy, index) => {
    for (const [field, value] of Object.entries(vacancy)) {
      if (field !== "net") fields[vacancyFieldName(index, field)] = String(value);
      else if (value) fields[vacancyFieldName(index, field)] = "on";
    }
  });
  return fields;
}

/** The vacancies posted, in the form's order (`count` of them, at most the page's limit). */
export function readVacancyValues(fields: URLSearchParams): VacancyFormValues[] {
  const count = Math.min(Number.parseInt(fields.get("count") ?? "0", 10) || 0, maxVacancies + 1);
  const values: VacancyFormValues[] = [];
  for (let index = 0; index < count; index++) {
    const text = (field: string) => fields.get(vacancyFieldName(index, field)) ?? "";
    values.push({
      id: text("id"),
      title: text("title"),
      salary: text("salary"),
      net: fields.get(vacancyFieldName(index, "net")) === "on",
      ...(Object.fromEntries(vacancyConditionFields.map((field) => [field, text(field)])) as Record<
        VacancyConditionField,
        string
      >),
    });
  }
  return values;
}

/** A new, empty vacancy at the end of the list. */
function newVacancy(taken: readonly VacancyFormValues[]): VacancyFormValues {
  return {
    id: freeId("vacancy", taken),
    title: "",
    salary: "",
    net: false,
    ...(Object.fromEntries(vacancyConditionFields.map((field) => [field, ""])) as Record<
      VacancyConditionField,
      string
    >),
  };
}

/** The values as content the page can show, or what is wrong, field by field. */
export function checkVacancyValues(
  values: readonly VacancyFormValues[],
): FormCheck<VacanciesContent> {
  const parsed = vacanciesContentSchema.safeParse({
    vacancies: values.map((vacancy) => ({
      ...vacancy,
      salary: { amount: rublesOf(vacancy.salary), net: vacancy.net },
      net: undefined,
    })),
  });
  if (parsed.success) return { ok: true, content: parsed.data };
  return {
    ok: false,
    errors: formErrorsOf(parsed.error.issues, ([list, index, field]) =>
      list === "vacancies" && typeof index === "number" && typeof field === "string"
        ? vacancyFieldName(index, field)
        : undefined,
    ),
  };
}

const fieldLabels: Record<string, string> = {
  title: "название",
  salary: "зарплата",
  ...Object.fromEntries(
    vacancyConditionFields.map((field) => [field, vacancyConditionLabels[field].toLowerCase()]),
  ),
};

/** The vacancies' form as the shared editor route uses it. */
export const vacanciesForm: PageForm<VacanciesContent, VacancyFormValues[]> = {
  valuesOf: vacancyFormValues,
  read: readVacancyValues,
  change(values, intent) {
    const change = readListChange(intent);
    if (change?.list !== "") return undefined;
    return applyListChange(values, change, { max: maxVacancies, make: newVacancy });
  },
  check: checkVacancyValues,
  place(name) {
    const [, index = "0", field = ""] = /^v(\d+)\.(\w+)$/.exec(name) ?? [];
    return {
      id: `vacancy-${index}-${field}`,
      label: `Вакансия ${Number(index) + 1}, ${fieldLabels[field] ?? field}`,
    };
  },
};
