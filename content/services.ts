import type { SectionTextsContent } from "../domain/site-content/section-texts-content.ts";
import type { ServiceBlock, ServicesTab } from "./schema.ts";

/** The two tabs over /services and /services/special_offer ('Все услуги' is the first). */
export const servicesTabs = [
  { label: "Все услуги", path: "/services" },
  { label: "Спецпредложения", path: "/services/special_offer" },
] satisfies ServicesTab[];

/** Label of the expanders; each expander's own title tells a screen reader what it opens. */
export const moreInfoLabel = "Больше информации";

/** The nine service blocks of /services, in the specification's order. */
export const serviceBlocks = [
  {
    id: "feed-analysis",
    title: "Анализ кормов и растениеводческой продукции",
    summary:
      "Определяем питательность и качество кормов, чтобы составить рацион и оценить заготовку.",
    items: [
      "Сено, сенаж, силос, зерно и концентрированные корма",
      "Протеин, клетчатка, сухое вещество, обменная энергия",
      "Экспресс-анализ кормов",
      "Отбор проб силоса и сенажа специалистами учреждения",
    ],
    moreInfo: [],
  },
  {
    id: "water-analysis",
    title: "Анализ воды",
    summary: "Проверяем воду из скважин, колодцев и водоёмов.",
    items: [
      "Органолептические и химические показатели",
      "Вода для питья, полива и поения животных",
      "Пакет «Скважина» для частных лиц",
    ],
    moreInfo: [],
  },
  {
    id: "soil-analysis",
    title: "Анализ почвы",
    summary:
      "Оцениваем плодородие и безопасность почв сельскохозяйственных угодий и приусадебных участков.",
    items: [
      "Агрохимические показатели: кислотность, фосфор, калий, гумус",
      "Тяжёлые металлы и остаточные количества пестицидов",
      "Пакет «Грядка» для частных лиц",
    ],
    moreInfo: [
      {
        id: "soil-expertise",
        title: "Почвенная экспертиза",
        paragraphs: [
          "Почвенная экспертиза показывает, пригоден ли участок для выбранного использования и какие меры нужны, чтобы сохранить или восстановить плодородие.",
          "Специалисты отбирают образцы на участке, лаборатория исследует их, по результатам готовится заключение.",
        ],
        points: [
          "При покупке, аренде и смене вида использования земель",
          "При оценке ущерба почвам и после рекультивации",
          "При споре о состоянии земельного участка",
        ],
      },
      {
        id: "soil-ecological-monitoring",
        title: "Почвенно-экологический мониторинг",
        paragraphs: [
          "Мониторинг — это повторные наблюдения за почвами на одних и тех же участках. Они показывают, как меняются плодородие и загрязнение почв со временем.",
          "По результатам мониторинга хозяйство получает данные для планирования удобрений и мелиорации, а органы власти — сведения о состоянии земель.",
        ],
        points: [
          "Закладка и обследование реперных участков",
          "Агрохимические и эколого-токсикологические показатели в динамике",
          "Отчёт с картами и рекомендациями",
        ],
      },
    ],
  },
  {
    id: "fertilizer-analysis",
    title: "Анализ удобрений",
    summary: "Проверяем состав минеральных и органических удобрений и мелиорантов.",
    items: [
      "Содержание азота, фосфора, калия",
      "Навоз, помёт, компосты и побочные продукты животноводства",
      "Известковые мелиоранты",
    ],
    moreInfo: [],
  },
  {
    id: "radiation-measurements",
    title: "Радиологические измерения",
    summary: "Измеряем радиационные показатели почв, кормов, продукции и воды.",
    items: ["Удельная активность радионуклидов", "Мощность дозы гамма-излучения"],
    moreInfo: [],
  },
  {
    id: "land-reclamation-project",
    title: "Проект рекультивации земель",
    summary: "Разрабатываем проекты восстановления нарушенных земель.",
    items: [
      "Обследование нарушенного участка",
      "Технический и биологический этапы рекультивации",
      "Согласование проекта",
    ],
    moreInfo: [],
  },
  {
    id: "design-documentation",
    title: "Проектно-сметная документация",
    summary: "Готовим проектно-сметную документацию на агрохимические и мелиоративные работы.",
    items: [
      "Известкование и фосфоритование почв",
      "Культуртехническая мелиорация",
      "Планы внесения побочных продуктов животноводства",
    ],
    moreInfo: [],
  },
  {
    id: "interactive-maps",
    title: "Интерактивные карты",
    summary: "Создаём электронные карты полей по результатам обследований.",
    items: [
      "Агрохимические картограммы",
      "Карты границ и состояния угодий",
      "Доступ к картам через браузер",
    ],
    moreInfo: [],
  },
  {
    id: "field-experiments",
    title: "Полевые опыты",
    summary: "Проводим полевые опыты с удобрениями, мелиорантами и сортами.",
    items: [
      "Закладка и сопровождение опыта",
      "Учёт урожая и лабораторные анализы",
      "Отчёт с выводами",
    ],
    moreInfo: [],
  },
] satisfies ServiceBlock[];

/** Paragraphs, then a list: as the small markup writes them (site-markup.ts). */
const markupOf = (paragraphs: readonly string[], points: readonly string[] = []) =>
  [
    ...paragraphs,
    ...(points.length > 0 ? [points.map((point) => `- ${point}`).join("\n")] : []),
  ].join("\n\n");

/**
 * The texts of /services as staff edit them (issue 28): each block's summary and list, and each
 * «Больше информации» text, in the small markup, which renders to the same paragraphs and lists.
 * The blocks' titles and anchors stay the page's own.
 */
export const defaultServicesTexts: SectionTextsContent = {
  sections: serviceBlocks.flatMap((block: ServiceBlock) => [
    { id: block.id, text: markupOf([block.summary], block.items) },
    ...block.moreInfo.map((info) => ({
      id: info.id,
      text: markupOf(info.paragraphs, info.points),
    })),
  ]),
};

/** A section of /services by its anchor, as the editor names it. */
export function serviceSectionTitle(id: string): string {
  for (const block of serviceBlocks as readonly ServiceBlock[]) {
    if (block.id === id) return block.title;
    const info = block.moreInfo.find((candidate) => candidate.id === id);
    if (info) return `${block.title}: ${moreInfoLabel.toLowerCase()} — ${info.title}`;
  }
  return id;
}
