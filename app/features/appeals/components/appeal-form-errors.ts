/** The appeal form's messages gathered for its error summary, each named by its field's label. */
import {
  type AppealErrors,
  appealFields,
  filesErrorKey,
  formErrorKey,
} from "../../../../domain/appeals/appeal-fields.ts";
import { appealFieldLabels } from "./appeal-form-fields.tsx";
import type { SummaryError } from "./error-summary.tsx";

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
