/** The appeal form's messages gathered for its error summary, each named by its field's label. */
import {
  type AppealErrors,
  type AppealField,
  appealFields,
  filesErrorKey,
  formErrorKey,
} from "../../../../domain/appeals/appeal-fields.ts";
import type { SummaryError } from "./error-summary.tsx";

/** Labels of the fields, also used by the error summary. */
export const appealFieldLabels: Record<AppealField, string> = {
  first_name: "Имя",
  last_name: "Фамилия",
  email: "Электронная почта",
  phone: "Телефон",
  region: "Регион",
  comment: "Текст обращения",
  consent: "Согласие на обработку персональных данных",
};

export function summaryErrors(errors: AppealErrors): SummaryError[] {
  const list: SummaryError[] = appealFields.flatMap((field) => {
    const message = errors[field];
    return message ? [{ fieldId: field, label: appealFieldLabels[field], message }] : [];
  });
  const filesMessage = errors[filesErrorKey];
  if (filesMessage) list.push({ fieldId: filesErrorKey, label: "Файлы", message: filesMessage });
  const formMessage = errors[formErrorKey];
  if (formMessage) list.push({ fieldId: null, label: "", message: formMessage });
  return list;
}
