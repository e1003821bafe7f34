/**
 * A section's title by page, for the words that name a field with a broken link (issue 43): the
 * same titles the editor labels its fields with (app/features/site/page-editors.tsx).
 */
import { anticorruptionSectionTitles } from "../../content/anticorruption.ts";
import { appealsSectionTitles } from "../../content/appeals-rules.ts";
import { receptionSectionTitles } from "../../content/citizens-appeals.ts";
import { homeSections } from "../../content/home-sections.ts";
import { investorsSectionTitles } from "../../content/investors.ts";
import { personalDataSectionTitles } from "../../content/personal-data.ts";
import { serviceSectionTitle } from "../../content/services.ts";
import { specialAssessmentSectionTitles } from "../../content/special-assessment.ts";
import type { SectionTitle } from "../../domain/site-content/site-links.ts";

const titled: Record<string, (id: string) => string | undefined> = {
  home: (id) => homeSections.find((section) => section.id === id)?.title,
  services: serviceSectionTitle,
  investors: (id) => investorsSectionTitles[id],
  appeals: (id) => appealsSectionTitles[id],
  anticorruption: (id) => anticorruptionSectionTitles[id],
  reception: (id) => receptionSectionTitles[id],
  assessment: (id) => specialAssessmentSectionTitles[id],
  privacy: (id) => personalDataSectionTitles[id],
};

export const sectionTitleOf: SectionTitle = (page, id) => titled[page]?.(id) ?? id;
