import type { SiteContent } from "../domain/site-content/site-editions.ts";
import { defaultAppealsTexts } from "./appeals-rules.ts";
import { defaultContacts } from "./contacts.ts";
import { defaultHomeTexts } from "./home-sections.ts";
import { defaultInvestorsTexts } from "./investors.ts";
import { defaultNews } from "./news.ts";
import { defaultPrices } from "./price-list.ts";
import { defaultServicesTexts } from "./services.ts";
import { defaultVacancies } from "./vacancies.ts";

/**
 * The build's content of each page staff may edit: what the prerendered page shows, and what the
 * site shows until an edition of the page is published (decision 0029).
 */
export const siteContentDefaults: SiteContent = {
  vacancies: defaultVacancies,
  prices: defaultPrices,
  contacts: defaultContacts,
  news: defaultNews,
  home: defaultHomeTexts,
  services: defaultServicesTexts,
  investors: defaultInvestorsTexts,
  appeals: defaultAppealsTexts,
};
