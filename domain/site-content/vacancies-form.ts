/**
 * The vacancies' editor as a plain form (no JavaScript): fields named `v<i>.<field>`, read back
 * into values (shown again as typed when something is wrong) and into checked content. Adding,
 * removing and moving a vacancy are buttons of the same form that change the values shown; only
 * the saving buttons store them.
 */
import {
  maxVacancies,
  type VacanciesContent,
  type VacancyConditionField,
  vacanciesContentSchema,
  vacancyConditionFields,
} from "./vacancies-content.ts";

/** One vacancy as the form holds it: every field as typed. */
export type VacancyFormValues = {
  id: string;
  title: string;
  salary: string;
  net: boolean;
} & Record<VacancyConditionField, string>;

export type VacanciesFormErrors = {
  /** The field's input name -> its message, shown beside it and in the summary. */
  byField: Record<string, string>;
  /** Messages about the list as a whole. */
  general: string[];
};

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

/** A change of the list's shape, asked by one of the form's small buttons. */
export type ListChange =
  | { kind: "add" }
  | { kind: "remove"; index: number }
  | { kind: "up"; index: number }
  | { kind: "down"; index: number };

export function readListChange(intent: string): ListChange | undefined {
  if (intent === "add") return { kind: "add" };
  const match = /^(remove|up|down):(\d{1,3})$/.exec(intent);
  if (!match) return undefined;
  return { kind: match[1] as "remove" | "up" | "down", index: Number(match[2]) };
}

export function applyListChange(
  values: readonly VacancyFormValues[],
  change: ListChange,
): VacancyFormValues[] {
  const list = [...values];
  if (change.kind === "add") {
    if (list.length >= maxVacancies) return list;
    const taken = new Set(list.map((vacancy) => vacancy.id));
    let number = list.length + 1;
    while (taken.has(`vacancy-${number}`)) number++;
    list.push({
      id: `vacancy-${number}`,
      title: "",
      salary: "",
      net: false,
      ...(Object.fromEntries(vacancyConditionFields.map((field) => [field, ""])) as Record<
        VacancyConditionField,
        string
      >),
    });
    return list;
  }
  const { index } = change;
  if (index >= list.length) return list;
  if (change.kind === "remove") list.splice(index, 1);
  const other = change.kind === "up" ? index - 1 : index + 1;
  if (change.kind !== "remove" && other >= 0 && other < list.length) {
    [list[index], list[other]] = [
      list[other] as VacancyFormValues,
      list[index] as VacancyFormValues,
    ];
  }
  return list;
}

/** '45 000', '45000 ₽' -> 45000; anything else is kept as text for the schema to refuse. */
function salaryAmount(text: string): number | string {
  const digits = text.replace(/[\s\u00A0\u202F]|₽|руб\.?/g, "");
  return /^\d{1,9}$/.test(digits) ? Number(digits) : text;
}

export type ReadVacancies =
  | { ok: true; content: VacanciesContent }
  | { ok: false; errors: VacanciesFormErrors };

/** The values as content the page can show, or what is wrong, field by field. */
export function checkVacancyValues(values: readonly VacancyFormValues[]): ReadVacancies {
  const parsed = vacanciesContentSchema.safeParse({
    vacancies: values.map((vacancy) => ({
      ...vacancy,
      salary: { amount: salaryAmount(vacancy.salary), net: vacancy.net },
      net: undefined,
    })),
  });
  if (parsed.success) return { ok: true, content: parsed.data };
  const errors: VacanciesFormErrors = { byField: {}, general: [] };
  for (const issue of parsed.error.issues) {
    const [list, index, field] = issue.path;
    if (list === "vacancies" && typeof index === "number" && typeof field === "string") {
      errors.byField[vacancyFieldName(index, field)] ??= issue.message;
    } else {
      errors.general.push(issue.message);
    }
  }
  return { ok: false, errors };
}
