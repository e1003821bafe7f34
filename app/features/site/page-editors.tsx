/**
 * Every editable page's own parts of its editor (issue 28): the fields inside the shared form and
 * how «История» words one edition's changes. The route /staff/site/<page> (and everything it
 * shares: approval, preview, history, the saving buttons) reads a page's row here; its form
 * reader is domain/site-content/site-forms.ts.
 */
import type { ReactNode } from "react";
import { anticorruptionSectionTitles } from "../../../content/anticorruption.ts";
import { appealsSectionTitles } from "../../../content/appeals-rules.ts";
import { receptionSectionTitles } from "../../../content/citizens-appeals.ts";
import { homeSections } from "../../../content/home-sections.ts";
import { investorsSectionTitles } from "../../../content/investors.ts";
import { personalDataSectionTitles } from "../../../content/personal-data.ts";
import { serviceSectionTitle } from "../../../content/services.ts";
import { specialAssessmentSectionTitles } from "../../../content/special-assessment.ts";
import type { ContactsFormValues } from "../../../domain/site-content/contacts-form.ts";
import {
  applicationsKind,
  documentsKind,
} from "../../../domain/site-content/file-lists-content.ts";
import type { FileListValues } from "../../../domain/site-content/file-lists-form.ts";
import type { NewsFormValues } from "../../../domain/site-content/news-form.ts";
import type { PricesFormValues } from "../../../domain/site-content/prices-form.ts";
import type { SearchFormValues } from "../../../domain/site-content/search-form.ts";
import type { SectionTextValues } from "../../../domain/site-content/section-texts-form.ts";
import type { EditablePage, SiteContent } from "../../../domain/site-content/site-editions.ts";
import type { FormErrors } from "../../../domain/site-content/site-form.ts";
import type { StructureFormValues } from "../../../domain/site-content/structure-form.ts";
import type { VacancyFormValues } from "../../../domain/site-content/vacancies-form.ts";
import { contactChanges } from "./contact-changes.ts";
import { ContactsFields, contactsParts } from "./contacts-editor.tsx";
import type { FieldChange } from "./field-change.ts";
import { fileListChanges } from "./file-list-changes.ts";
import { fileListFields, fileListParts } from "./file-lists-editor.tsx";
import { newsChanges } from "./news-changes.ts";
import { NewsFields, newsParts } from "./news-editor.tsx";
import { priceChanges } from "./price-changes.ts";
import { PricesFields, pricesParts } from "./prices-editor.tsx";
import { searchSettingsChanges } from "./search-settings-changes.ts";
import { SearchSettingsFields } from "./search-settings-editor.tsx";
import { sectionTextsChanges } from "./section-texts-changes.ts";
import { sectionTextsFields, sectionTextsParts } from "./section-texts-editor.tsx";
import type { EditorPart } from "./site-editor-form.tsx";
import { structureChanges } from "./structure-changes.ts";
import { StructureFields } from "./structure-editor.tsx";
import { VacanciesFields, vacanciesParts } from "./vacancies-editor.tsx";
import { vacancyChanges } from "./vacancy-changes.ts";

export type PageEditor<Content, Values> = {
  Fields(props: { values: Values; errors: FormErrors | undefined }): ReactNode;
  /** A long editor's parts, for the contents list above its form (site-editor-form.tsx). */
  parts?(values: Values): readonly EditorPart[];
  changes(before: Content, after: Content): FieldChange[];
};

const vacancies: PageEditor<SiteContent["vacancies"], VacancyFormValues[]> = {
  Fields: VacanciesFields,
  parts: vacanciesParts,
  changes: vacancyChanges,
};

const prices: PageEditor<SiteContent["prices"], PricesFormValues> = {
  Fields: PricesFields,
  parts: pricesParts,
  changes: priceChanges,
};

const contacts: PageEditor<SiteContent["contacts"], ContactsFormValues> = {
  Fields: ContactsFields,
  parts: contactsParts,
  changes: contactChanges,
};

const documents: PageEditor<SiteContent["documents"], FileListValues> = {
  Fields: fileListFields(documentsKind),
  parts: fileListParts,
  changes: fileListChanges(documentsKind),
};

const applications: PageEditor<SiteContent["applications"], FileListValues> = {
  Fields: fileListFields(applicationsKind),
  parts: fileListParts,
  changes: fileListChanges(applicationsKind),
};

const structure: PageEditor<SiteContent["structure"], StructureFormValues> = {
  Fields: StructureFields,
  changes: structureChanges,
};

const news: PageEditor<SiteContent["news"], NewsFormValues> = {
  Fields: NewsFields,
  changes: newsChanges,
  parts: newsParts,
};

const homeSectionTitle = (id: string) =>
  homeSections.find((section) => section.id === id)?.title ?? id;

const home: PageEditor<SiteContent["home"], SectionTextValues[]> = {
  Fields: sectionTextsFields(homeSectionTitle),
  parts: sectionTextsParts(homeSectionTitle),
  changes: sectionTextsChanges(homeSectionTitle),
};

const services: PageEditor<SiteContent["services"], SectionTextValues[]> = {
  Fields: sectionTextsFields(serviceSectionTitle),
  parts: sectionTextsParts(serviceSectionTitle),
  changes: sectionTextsChanges(serviceSectionTitle),
};

const investorsSectionTitle = (id: string) => investorsSectionTitles[id] ?? id;

const investors: PageEditor<SiteContent["investors"], SectionTextValues[]> = {
  Fields: sectionTextsFields(investorsSectionTitle),
  parts: sectionTextsParts(investorsSectionTitle),
  changes: sectionTextsChanges(investorsSectionTitle),
};

const appealsSectionTitle = (id: string) => appealsSectionTitles[id] ?? id;

const appeals: PageEditor<SiteContent["appeals"], SectionTextValues[]> = {
  Fields: sectionTextsFields(appealsSectionTitle),
  parts: sectionTextsParts(appealsSectionTitle),
  changes: sectionTextsChanges(appealsSectionTitle),
};

const search: PageEditor<SiteContent["search"], SearchFormValues> = {
  Fields: SearchSettingsFields,
  changes: searchSettingsChanges,
};

/** The editor of a page made of section texts, its sections named by `titles`. */
function sectionTextsEditor<page extends EditablePage>(
  titles: Record<string, string>,
): PageEditor<SiteContent[page], unknown> {
  const title = (id: string) => titles[id] ?? id;
  return {
    Fields: sectionTextsFields(title),
    parts: sectionTextsParts(title),
    changes: sectionTextsChanges(title),
  } as PageEditor<SiteContent[page], unknown>;
}

const pageEditors: { [page in EditablePage]: PageEditor<SiteContent[page], unknown> } = {
  vacancies: vacancies as PageEditor<SiteContent["vacancies"], unknown>,
  prices: prices as PageEditor<SiteContent["prices"], unknown>,
  contacts: contacts as PageEditor<SiteContent["contacts"], unknown>,
  documents: documents as PageEditor<SiteContent["documents"], unknown>,
  applications: applications as PageEditor<SiteContent["applications"], unknown>,
  structure: structure as PageEditor<SiteContent["structure"], unknown>,
  news: news as PageEditor<SiteContent["news"], unknown>,
  home: home as PageEditor<SiteContent["home"], unknown>,
  services: services as PageEditor<SiteContent["services"], unknown>,
  investors: investors as PageEditor<SiteContent["investors"], unknown>,
  appeals: appeals as PageEditor<SiteContent["appeals"], unknown>,
  anticorruption: sectionTextsEditor<"anticorruption">(anticorruptionSectionTitles),
  reception: sectionTextsEditor<"reception">(receptionSectionTitles),
  assessment: sectionTextsEditor<"assessment">(specialAssessmentSectionTitles),
  privacy: sectionTextsEditor<"privacy">(personalDataSectionTitles),
  search: search as PageEditor<SiteContent["search"], unknown>,
};

/** A page's editor, its content as any page's: the editor route is written once for all. */
export const pageEditorOf = (page: EditablePage) =>
  pageEditors[page] as PageEditor<SiteContent[EditablePage], unknown>;
