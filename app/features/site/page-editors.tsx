/**
 * Every editable page's own parts of its editor (issue 28): the fields inside the shared form and
 * how «История» words one edition's changes. The route /staff/site/<page> (and everything it
 * shares: approval, preview, history, the saving buttons) reads a page's row here; its form
 * reader is domain/site-content/site-forms.ts.
 */
import type { ReactNode } from "react";
import type { EditablePage, SiteContent } from "../../../domain/site-content/site-editions.ts";
import type { FormErrors } from "../../../domain/site-content/site-form.ts";
import type { VacancyFormValues } from "../../../domain/site-content/vacancies-form.ts";
import type { FieldChange } from "./field-change.ts";
import { VacanciesFields } from "./vacancies-editor.tsx";
import { vacancyChanges } from "./vacancy-changes.ts";

export type PageEditor<Content, Values> = {
  Fields(props: { values: Values; errors: FormErrors | undefined }): ReactNode;
  changes(before: Content, after: Content): FieldChange[];
};

const vacancies: PageEditor<SiteContent["vacancies"], VacancyFormValues[]> = {
  Fields: VacanciesFields,
  changes: vacancyChanges,
};

export const pageEditors: { [page in EditablePage]: PageEditor<SiteContent[page], unknown> } = {
  vacancies: vacancies as PageEditor<SiteContent["vacancies"], unknown>,
};
