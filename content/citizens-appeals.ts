/**
 * «Обращения граждан» as a section (issue 29): /appeals (the form) with its pages — how appeals
 * are considered, with the terms of domain/appeals/legal-terms.ts; the personal reception's
 * schedule (59-ФЗ art. 13: place, days, hours), editable, its seed a clearly marked sample; the
 * status page, the review, the Gosuslugi channel.
 */
import { appealTermWords } from "../domain/appeals/legal-terms.ts";
import type { SectionTextsContent } from "../domain/site-content/section-texts-content.ts";
import { organisation } from "./organisation.ts";

const nbsp = (words: string) => words.replace(" ", "\u00a0");

/** How an appeal is considered, with the law's terms as the dates are counted by them. */
export const appealProcedureSteps: readonly string[] = [
  `Обращение регистрируется в течение ${nbsp(appealTermWords.registration)} со дня поступления.`,
  `Ответ направляется в течение ${nbsp(appealTermWords.answer)} со дня регистрации. В исключительных случаях срок может быть продлён не более чем на ${nbsp(appealTermWords.answer)}, о чём автору сообщается.`,
  `Обращение, решение вопросов которого не входит в компетенцию учреждения, в течение ${nbsp(appealTermWords.forward)} со дня регистрации направляется в орган, в компетенцию которого входит решение поставленных вопросов, с уведомлением автора.`,
  `Если суть обращения определить невозможно, ответ на него не даётся; автору сообщается об этом в течение ${nbsp(appealTermWords.notice)} со дня регистрации.`,
];

/** The reception's sample: the place is the seed's address; days and hours are not known. */
export const defaultReceptionTexts: SectionTextsContent = {
  sections: [
    {
      id: "reception",
      text: [
        `Место приёма: ${organisation.address}.`,
        "Дни и часы личного приёма граждан руководителем учреждения будут размещены учреждением.",
        `Записаться на приём можно по телефону [${organisation.phone.display}](${organisation.phone.href}).`,
      ].join("\n\n"),
    },
  ],
};

/** The section's editable part by its id, as the editor names it. */
export const receptionSectionTitles: Record<string, string> = {
  reception: "Личный приём граждан: место, дни и часы",
};
