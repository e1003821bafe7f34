/**
 * Every editable page's form (issue 28): the shared editor route (/staff/site/<page>) reads,
 * changes and checks a page's form through its row here. A new editable page adds its form.
 */
import type { EditablePage, SiteContent } from "./site-editions.ts";
import type { PageForm } from "./site-form.ts";
import { vacanciesForm } from "./vacancies-form.ts";

export const siteForms: { [page in EditablePage]: PageForm<SiteContent[page], unknown> } = {
  vacancies: vacanciesForm as PageForm<SiteContent["vacancies"], unknown>,
};
