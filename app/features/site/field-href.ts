import type { EditablePage } from "../../../domain/site-content/site-editions.ts";
import { siteFormOf } from "../../../domain/site-content/site-forms.ts";

/**
 * The editor of `page` at the field that edits the content at `path` («Что заполнить»'s link,
 * issue 43): the field's id as the address's anchor, so the browser scrolls to it; the editor's
 * top when no one field edits that content.
 */
export function fieldHref(page: EditablePage, path: readonly (string | number)[]): string {
  const form = siteFormOf(page);
  const name = form.nameAt?.(path);
  return name === undefined ? `/staff/site/${page}` : `/staff/site/${page}#${form.place(name).id}`;
}
