/**
 * The rules shown above the appeal form (spec, section 5; issue 4). Plain text with Russian
 * typography: non-breaking spaces after numbers and «№», « » quotes. The term's figure comes from
 * the law's terms (domain/appeals/legal-terms.ts).
 */

import { appealTermWords } from "../domain/appeals/legal-terms.ts";
import type { SectionTextsContent } from "../domain/site-content/section-texts-content.ts";
import { appealChannelNote } from "./pos-widget.ts";
export const appealsRulesIntro =
  "Обращения граждан рассматриваются в порядке, установленном Федеральным законом от 2\u00a0мая 2006\u00a0г. №\u00a059-ФЗ «О\u00a0порядке рассмотрения обращений граждан Российской Федерации».";

const appealsRules: readonly string[] = [
  "Текст обращения обязателен: изложите в нём суть предложения, заявления или жалобы.",
  "Адрес электронной почты должен принадлежать только автору обращения: на него будет направлен ответ.",
  `Обращение регистрируется не позднее чем через ${appealTermWords.registration.replace(" ", "\u00a0")} с момента поступления.`,
  "Если суть обращения определить невозможно, ответ на него не даётся; автору сообщается об этом в течение семи дней со дня регистрации обращения.",
];

/**
 * The appeals page's texts as staff edit them (issue 28), in the small markup: the rules (their
 * introduction and list) and the note on which channel identifies the citizen. The headings and
 * the form stay the page's own. The registration term is written in the text here: an edited
 * text keeps the figure it was given.
 */
export const defaultAppealsTexts: SectionTextsContent = {
  sections: [
    {
      id: "rules",
      text: [appealsRulesIntro, appealsRules.map((rule) => `- ${rule}`).join("\n")].join("\n\n"),
    },
    { id: "channel-note", text: appealChannelNote },
  ],
};

/** A section of /appeals by its id, as the editor names it. */
export const appealsSectionTitles: Record<string, string> = {
  rules: "Правила приёма обращений",
  "channel-note": "Форма обращения: какой способ подтверждает личность",
};
