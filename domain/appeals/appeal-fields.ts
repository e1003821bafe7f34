/**
 * The names the page and the server agree on, without the rules: this module carries no zod, so
 * the page's first load can use it while the schema (appeal-schema.ts) loads later.
 */

/** The form's fields under their API names, in the form's order. */
export const appealFields = [
  "first_name",
  "last_name",
  "email",
  "phone",
  "region",
  "comment",
  "consent",
] as const;

export type AppealField = (typeof appealFields)[number];

/**
 * A trap for bots: a field people never see or fill. The page renders a hidden input with this
 * name; the server accepts a filled one silently and stores nothing. `validateAppeal` ignores it.
 */
export const honeypotField = "website";

/** Key of a message that belongs to no single field (unknown fields, a body that is no object). */
export const formErrorKey = "_form";

/** The files attached to the appeal (decision 0045): their input's name and their messages' key. */
export const filesErrorKey = "files";

export type AppealErrors = Partial<
  Record<AppealField | typeof formErrorKey | typeof filesErrorKey, string>
>;
