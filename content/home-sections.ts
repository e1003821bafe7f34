import type { SectionTextsContent } from "../domain/site-content/section-texts-content.ts";
import type { HomeSection } from "./schema.ts";

/**
 * The five sections of the home page, in the order of the sticky anchor bar. The ids are the
 * anchors (`/#gov-task` …) and must not change: links and tests rely on them. The laboratory
 * section adds `testingCentre` after its text; the history section adds `historyEvents`.
 */
export const homeSections = [
  {
    id: "gov-task",
    navLabel: "Государственное задание",
    title: "Государственное задание",
    paragraphs: [
      "Учреждение ведёт государственный мониторинг земель сельскохозяйственного назначения Кировской области: следит за плодородием почв и их безопасностью.",
      "Периодичность обследований установлена государственным заданием.",
    ],
    points: [
      "Агрохимическое и эколого-токсикологическое обследование — не реже одного раза в 5 лет.",
      "Почвенное обследование — не реже одного раза в 15 лет.",
    ],
  },
  {
    id: "lab-research",
    navLabel: "Лабораторные исследования",
    title: "Лабораторные исследования",
    paragraphs: [
      "Испытательный центр выполняет исследования для сельскохозяйственных предприятий, фермеров и частных лиц. По результатам выдаётся протокол испытаний.",
    ],
  },
  {
    id: "projects",
    navLabel: "Проектная деятельность",
    title: "Проектная деятельность",
    paragraphs: [
      "Центр агроэкологического мониторинга, проектирования и ГИС разрабатывает проекты и проектно-сметную документацию для сельскохозяйственных земель.",
    ],
    points: [
      "Проекты известкования и фосфоритования почв",
      "Проекты культуртехнической мелиорации и рекультивации нарушенных земель",
      "Планы внесения побочных продуктов животноводства",
      "Системы земледелия и проекты многолетних насаждений",
    ],
  },
  {
    id: "land-inventory",
    navLabel: "Инвентаризация земель",
    title: "Инвентаризация земель",
    paragraphs: [
      "Учреждение проводит инвентаризацию земель сельскохозяйственного назначения: уточняет границы и состояние угодий, выявляет неиспользуемые участки.",
      "Результаты сводятся в электронные карты. Карта земель для инвесторов размещена на странице «Инвесторам».",
    ],
  },
  {
    id: "history",
    navLabel: "Историческая справка",
    title: "Историческая справка",
    paragraphs: ["Агрохимическая служба работает в Кировской области более 60 лет."],
  },
] satisfies HomeSection[];

/**
 * The sections' texts as staff edit them (issue 28): the paragraphs and the list of each section
 * in the site's small markup, which renders to the same paragraphs and list. The titles and
 * anchors above stay the page's own.
 */
export const defaultHomeTexts: SectionTextsContent = {
  sections: homeSections.map((section: HomeSection) => ({
    id: section.id,
    text: [
      ...section.paragraphs,
      ...(section.points ? [section.points.map((point) => `- ${point}`).join("\n")] : []),
    ].join("\n\n"),
  })),
};
