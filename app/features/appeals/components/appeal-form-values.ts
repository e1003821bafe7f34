import { type AppealField, honeypotField } from "../../../../domain/appeals/appeal-fields.ts";

/** What the form holds: the seven fields under their API names, consent as a boolean. */
export type AppealFormValues = Record<Exclude<AppealField, "consent">, string> & {
  consent: boolean;
};

export const emptyAppealValues: AppealFormValues = {
  first_name: "",
  last_name: "",
  email: "",
  phone: "",
  region: "",
  comment: "",
  consent: false,
};

/** A posted form: the browser's FormData, or the fields the server's door read. */
type PostedForm = { get(name: string): unknown; has(name: string): boolean };

function textOf(formData: PostedForm, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * The form's answers as the API takes them. The select's disabled placeholder is not posted:
 * an absent region reads as "" (no region); an unticked checkbox is absent: `consent: false`.
 */
export function appealValuesFromFormData(formData: PostedForm): AppealFormValues {
  return {
    first_name: textOf(formData, "first_name"),
    last_name: textOf(formData, "last_name"),
    email: textOf(formData, "email"),
    phone: textOf(formData, "phone"),
    region: textOf(formData, "region"),
    comment: textOf(formData, "comment"),
    consent: formData.has("consent"),
  };
}

/** The hidden trap field, as posted: people leave it empty. */
export function honeypotValue(formData: FormData): string {
  return textOf(formData, honeypotField);
}
