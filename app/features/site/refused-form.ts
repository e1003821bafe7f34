import type { FormErrors } from "../../../domain/site-content/site-form.ts";

/**
 * What the editor shows again when the server refused a save: the values as posted, and the
 * server's words beside the field it names (a best answer's page the site lacks, issue 42:
 * server/site-content/served-pages-check.ts) or, naming none, above the form.
 */
export function refusedForm(
  values: unknown,
  refusal: { message: string; field?: string },
): { values: unknown; errors: FormErrors } | { values: unknown; message: string } {
  const { field, message } = refusal;
  if (!field) return { values, message };
  return { values, errors: { byField: { [field]: message }, general: [] } };
}
