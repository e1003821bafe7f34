/**
 * «Результаты специальной оценки условий труда» (426-ФЗ art. 15 p.6), in the labour-protection
 * group: a page editors fill, published within 30 days of the report's approval. Its seed says
 * that nothing is published yet; the seed's own summary sheet lies with the documents
 * (/documents, «Охрана труда») and is linked, not copied.
 */
import type { SectionTextsContent } from "../domain/site-content/section-texts-content.ts";
import { documentGroups } from "./documents.ts";

const labourProtection = documentGroups.find((group) => group.id === "labour-protection");

export const labourProtectionGroupTitle = labourProtection?.title ?? "Охрана труда";

const summarySheet = labourProtection?.documents.find((document) =>
  document.title.includes("специальной оценки"),
);

export const defaultSpecialAssessmentTexts: SectionTextsContent = {
  sections: [
    {
      id: "results",
      text: [
        "Результаты специальной оценки условий труда на этой странице пока не опубликованы.",
        ...(summarySheet
          ? [`В разделе документов: [${summarySheet.title}](${summarySheet.href}).`]
          : []),
      ].join("\n\n"),
    },
  ],
};

export const specialAssessmentSectionTitles: Record<string, string> = {
  results: "Результаты специальной оценки условий труда",
};
