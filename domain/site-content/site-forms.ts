/**
 * Every editable page's form (issue 28): the shared editor route (/staff/site/<page>) reads,
 * changes and checks a page's form through its row here. A new editable page adds its form.
 */

import { contactsForm } from "./contacts-form.ts";
import { applicationsForm, documentsForm } from "./file-lists-form.ts";
import { newsForm } from "./news-form.ts";
import { pricesForm } from "./prices-form.ts";
import { searchForm } from "./search-form.ts";
import { sectionTextsForm } from "./section-texts-form.ts";
import type { EditablePage, SiteContent } from "./site-editions.ts";
import type { PageForm } from "./site-form.ts";
import { structureForm } from "./structure-form.ts";
import { vacanciesForm } from "./vacancies-form.ts";

const siteForms: { [page in EditablePage]: PageForm<SiteContent[page], unknown> } = {
  vacancies: vacanciesForm as PageForm<SiteContent["vacancies"], unknown>,
  prices: pricesForm as PageForm<SiteContent["prices"], unknown>,
  contacts: contactsForm as PageForm<SiteContent["contacts"], unknown>,
  documents: documentsForm as PageForm<SiteContent["documents"], unknown>,
  applications: applicationsForm as PageForm<SiteContent["applications"], unknown>,
  structure: structureForm as PageForm<SiteContent["structure"], unknown>,
  news: newsForm as PageForm<SiteContent["news"], unknown>,
  home: sectionTextsForm as PageForm<SiteContent["home"], unknown>,
  services: sectionTextsForm as PageForm<SiteContent["services"], unknown>,
  investors: sectionTextsForm as PageForm<SiteContent["investors"], unknown>,
  appeals: sectionTextsForm as PageForm<SiteContent["appeals"], unknown>,
  anticorruption: sectionTextsForm as PageForm<SiteContent["anticorruption"], unknown>,
  reception: sectionTextsForm as PageForm<SiteContent["reception"], unknown>,
  assessment: sectionTextsForm as PageForm<SiteContent["assessment"], unknown>,
  privacy: sectionTextsForm as PageForm<SiteContent["privacy"], unknown>,
  search: searchForm as PageForm<SiteContent["search"], unknown>,
};

/** A page's form, its content as any page's: the editor route is written once for all. */
export const siteFormOf = (page: EditablePage) =>
  siteForms[page] as PageForm<SiteContent[EditablePage], unknown>;
