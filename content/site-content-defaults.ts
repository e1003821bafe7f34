import type { SiteContent } from "../domain/site-content/site-editions.ts";
import { defaultAnticorruptionTexts } from "./anticorruption.ts";
import { defaultAppealsTexts } from "./appeals-rules.ts";
import { defaultApplications } from "./application-forms.ts";
import { defaultReceptionTexts } from "./citizens-appeals.ts";
import { defaultContacts } from "./contacts.ts";
import { defaultDocuments } from "./documents.ts";
import { defaultHomeTexts } from "./home-sections.ts";
import { defaultInvestorsTexts } from "./investors.ts";
import { defaultNews } from "./news.ts";
import { defaultStructure } from "./organisation-chart.ts";
import { defaultPersonalDataTexts } from "./personal-data.ts";
import { defaultPrices } from "./price-list.ts";
import { defaultSearchSettings } from "./search-settings.ts";
import { defaultServicesTexts } from "./services.ts";
import { defaultSpecialAssessmentTexts } from "./special-assessment.ts";
import { defaultVacancies } from "./vacancies.ts";

/**
 * The build's content of each page staff may edit: what the prerendered page shows, and what the
 * site shows until an edition of the page is published (decision 0029).
 */
export const siteContentDefaults: SiteContent = {
  vacancies: defaultVacancies,
  prices: defaultPrices,
  contacts: defaultContacts,
  documents: defaultDocuments,
  applications: defaultApplications,
  structure: defaultStructure,
  news: defaultNews,
  home: defaultHomeTexts,
  services: defaultServicesTexts,
  investors: defaultInvestorsTexts,
  appeals: defaultAppealsTexts,
  anticorruption: defaultAnticorruptionTexts,
  reception: defaultReceptionTexts,
  assessment: defaultSpecialAssessmentTexts,
  privacy: defaultPersonalDataTexts,
  search: defaultSearchSettings,
};
