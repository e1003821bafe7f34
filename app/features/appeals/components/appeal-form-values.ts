import type { AppealField, appealFields, formErrorKey, honeypotField } from "../appeal-schema.ts";

// Names the shared schema defines, repeated so that the page's first load does not carry zod
// (the schema itself comes later: load-appeal-schema.ts). The compiler checks each one against
// the schema: a renamed, added or reordered field fails the typecheck.
/** The form's fields in their order. */
export const formFields = [
  "first_name",
  "last_name",
  "email",
  "phone",
  "region",
  "comment",
  "consent",
] as const satisfies typeof appealFields;
/** The honeypot input's name. */
export const honeypotName: typeof honeypotField = "website";
/** The key of an error about the whole form. */
export const formErrorName: typeof formErrorKey = "_form";

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

function textOf(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * The form's answers as the API takes them. The select's disabled placeholder is not posted:
 * an absent region reads as "" (no region); an unticked checkbox is absent: `consent: false`.
 */
export function appealValuesFromFormData(formData: FormData): AppealFormValues {
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
  return textOf(formData, honeypotName);
}
