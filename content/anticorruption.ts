/**
 * «Противодействие коррупции» (issue 29): the eight subsections as the Ministry of Labour's order
 * No. 530н lays them out, one anchored part of /anticorruption each. Their texts are the page's
 * editable content (section texts in the small markup). The seed's documents that belong here
 * are linked where they lie (/docs/…), not copied; a subsection the seed has nothing for says so
 * and whom to ask: the organisation's contacts, nothing invented.
 */
import type { SectionTextsContent } from "../domain/site-content/section-texts-content.ts";
import { documentGroups } from "./documents.ts";
import { organisation } from "./organisation.ts";

/** The feedback subsection's form: the appeals form with its topic chosen. */
export const corruptionReportPath = "/appeals/corruption_report";

export const anticorruptionSections = [
  { id: "acts", title: "Нормативные правовые и иные акты в сфере противодействия коррупции" },
  { id: "expertise", title: "Антикоррупционная экспертиза" },
  { id: "methods", title: "Методические материалы" },
  { id: "forms", title: "Формы документов, связанных с противодействием коррупции" },
  {
    id: "income",
    title: "Сведения о доходах, расходах, об имуществе и обязательствах имущественного характера",
  },
  {
    id: "commission",
    title:
      "Комиссия по соблюдению требований к служебному поведению и урегулированию конфликта интересов",
  },
  { id: "feedback", title: "Обратная связь для сообщений о фактах коррупции" },
  { id: "reports", title: "Доклады, отчёты, обзоры, статистическая информация" },
] as const;

/** A subsection's title by its id, as the editor names it. */
export const anticorruptionSectionTitles: Record<string, string> = Object.fromEntries(
  anticorruptionSections.map((section) => [section.id, section.title]),
);

/** What an empty subsection says: nothing is published yet, and whom to ask. */
const nothingPublishedText = `Сведения в этом подразделе пока не опубликованы. С вопросами о них обращайтесь в учреждение: по телефону [${organisation.phone.display}](${organisation.phone.href}) или по электронной почте [${organisation.email}](mailto:${organisation.email}).`;

const seedDocuments =
  documentGroups.find((group) => group.id === "anti-corruption")?.documents ?? [];

const actsText = [
  "Локальные акты учреждения:",
  seedDocuments.map((document) => `- [${document.title}](${document.href})`).join("\n"),
].join("\n\n");

const feedbackText = `Сообщить о фактах коррупции в учреждении можно через [форму обращения с темой «Сообщение о фактах коррупции»](${corruptionReportPath}). Обращение рассматривается в порядке, установленном Федеральным законом от 2\u00a0мая 2006\u00a0г. №\u00a059-ФЗ «О\u00a0порядке рассмотрения обращений граждан Российской Федерации».`;

export const defaultAnticorruptionTexts: SectionTextsContent = {
  sections: anticorruptionSections.map((section) => ({
    id: section.id,
    text:
      section.id === "acts" && seedDocuments.length > 0
        ? actsText
        : section.id === "feedback"
          ? feedbackText
          : nothingPublishedText,
  })),
};
