import type { SectionTextsContent } from "../domain/site-content/section-texts-content.ts";
import { sampleValues } from "./sample-values.ts";
import type { InvestorsPage } from "./schema.ts";

/** The texts of /to_investors and the external land map it embeds. */
export const investorsPage = {
  intro: [
    "На интерактивной карте показаны земли сельскохозяйственного назначения Кировской области, которые можно вовлечь в оборот.",
  ],
  instructionsTitle: "Как пользоваться картой",
  instructions: [
    "Нажмите кнопку «На весь экран», чтобы развернуть карту. Чтобы вернуться, нажмите кнопку ещё раз или клавишу Esc.",
    "Меняйте масштаб кнопками «+» и «−» на карте или колесом мыши.",
    "Наведите указатель на участок — появится его кадастровый номер.",
  ],
  fullscreenButton: { enterLabel: "На весь экран", exitLabel: "Свернуть карту" },
  landMap: {
    src: sampleValues.landMapUrl,
    title: "Интерактивная карта земель сельскохозяйственного назначения Кировской области",
    linkHref: sampleValues.landMapUrl,
    linkLabel: "Открыть карту в отдельной вкладке",
  },
  programme: {
    title: "Соответствие государственной программе",
    paragraphs: [
      "Инвентаризация земель и карта выполнены в соответствии с Государственной программой эффективного вовлечения в оборот земель сельскохозяйственного назначения и развития мелиоративного комплекса Российской Федерации.",
      "Сведения на карте помогают инвестору выбрать участок, оценить его состояние и обратиться в учреждение за подробной информацией.",
    ],
  },
} satisfies InvestorsPage;

/**
 * The texts of /to_investors as staff edit them (issue 28), in the small markup: the lead
 * paragraphs, the map's instructions (a numbered list) and the programme's paragraphs. The
 * titles, the map and its button stay the page's own.
 */
export const defaultInvestorsTexts: SectionTextsContent = {
  sections: [
    { id: "intro", text: investorsPage.intro.join("\n\n") },
    {
      id: "map-instructions",
      text: investorsPage.instructions.map((line, index) => `${index + 1}. ${line}`).join("\n"),
    },
    { id: "programme", text: investorsPage.programme.paragraphs.join("\n\n") },
  ],
};

/** A section of /to_investors by its id, as the editor names it. */
export const investorsSectionTitles: Record<string, string> = {
  intro: "Вступление",
  "map-instructions": investorsPage.instructionsTitle,
  programme: investorsPage.programme.title,
};
