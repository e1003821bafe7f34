/**
 * The pages of the site (the specification's ten and /news, issue 28): address, browser title, search description and the label the
 * navigation uses. Routes, the prerender list, the menu and the tests all read this list.
 */
export type SitePage = {
  path: string;
  title: string;
  description: string;
  navLabel: string;
};

const siteName = "Центр агрохимической службы «Кировский»";

const pages = [
  {
    path: "/",
    title: siteName,
    description:
      "Агрохимическая служба Кировской области: лабораторные исследования почв, кормов, воды и удобрений, проекты мелиорации, инвентаризация земель.",
    navLabel: "Главная",
  },
  {
    path: "/services",
    title: "Услуги",
    description:
      "Услуги испытательной лаборатории и проектного центра: анализ кормов, воды, почвы и удобрений, радиологические измерения, проекты и карты.",
    navLabel: "Услуги",
  },
  {
    path: "/services/special_offer",
    title: "Спецпредложения",
    description:
      "Пакеты анализов кормов для юридических лиц, пакеты «Скважина» и «Грядка» для частных лиц, цены и сроки исследований.",
    navLabel: "Спецпредложения",
  },
  {
    path: "/documents",
    title: "Документы",
    description:
      "Устав, кодекс этики, охрана труда, антимонопольный комплаенс, противодействие коррупции, закупки у МСП, аккредитация.",
    navLabel: "Документы",
  },
  {
    path: "/applications",
    title: "Бланки заявлений",
    description:
      "Бланки заявок на лабораторные исследования и на работы центра агроэкологического мониторинга, проектирования и ГИС в форматах Word, Excel и PDF.",
    navLabel: "Бланки заявлений",
  },
  {
    path: "/structure",
    title: "Структура",
    description: "Руководство и организационная структура учреждения.",
    navLabel: "Структура",
  },
  {
    path: "/appeals",
    title: "Обращения граждан",
    description: "Направить обращение в учреждение: правила рассмотрения и форма обращения.",
    navLabel: "Обращения граждан",
  },
  {
    path: "/to_investors",
    title: "Инвесторам",
    description:
      "Интерактивная карта земель сельскохозяйственного назначения Кировской области для инвесторов.",
    navLabel: "Инвесторам",
  },
  {
    path: "/vacancies",
    title: "Вакансии",
    description: "Открытые вакансии: химик-агрохимик и экономист. Условия работы и оплата.",
    navLabel: "Вакансии",
  },
  {
    path: "/contacts",
    title: "Контакты",
    description: "Телефоны, электронная почта, адрес, режим работы и реквизиты учреждения.",
    navLabel: "Контакты",
  },
  {
    path: "/news",
    title: "Новости и объявления",
    description: "Новости и объявления учреждения: сроки, изменения в работе, события.",
    navLabel: "Новости и объявления",
  },
  // Issue 29's required sections (decision 0044).
  {
    path: "/anticorruption",
    title: "Противодействие коррупции",
    description:
      "Противодействие коррупции: нормативные акты, антикоррупционная экспертиза, формы документов, комиссия, обратная связь для сообщений о фактах коррупции.",
    navLabel: "Противодействие коррупции",
  },
  {
    path: "/appeals/procedure",
    title: "Порядок рассмотрения обращений и личный приём",
    description:
      "Как рассматриваются обращения граждан и в какие сроки, график личного приёма, форма обращения, состояние и обзор обращений.",
    navLabel: "Порядок рассмотрения обращений",
  },
  {
    path: "/personal-data",
    title: "Политика в отношении обработки персональных данных",
    description:
      "Какие персональные данные собирает сайт, зачем и как они защищаются; согласие на обработку персональных данных.",
    navLabel: "Персональные данные",
  },
  {
    path: "/personal-data/consent",
    title: "Согласие на обработку персональных данных",
    description: "Текст согласия на обработку персональных данных в форме обращения и его версия.",
    navLabel: "Согласие на обработку персональных данных",
  },
  {
    path: "/special-assessment",
    title: "Результаты специальной оценки условий труда",
    description: "Охрана труда: результаты специальной оценки условий труда в учреждении.",
    navLabel: "Специальная оценка условий труда",
  },
  {
    path: "/appeals/corruption_report",
    title: "Сообщение о фактах коррупции",
    description:
      "Сообщить о фактах коррупции в учреждении: форма обращения с выбранной темой «Сообщение о фактах коррупции».",
    navLabel: "Сообщение о фактах коррупции",
  },
] as const satisfies readonly SitePage[];

export type SitePath = (typeof pages)[number]["path"];

export const sitePages: readonly SitePage[] = pages;
export const siteTitleSuffix = siteName;

export function sitePage(path: SitePath): SitePage {
  const page = sitePages.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`Unknown site page: ${path}`);
  return page;
}

/**
 * The page sent with status 404 for every unknown address: prerendered under this path like the
 * others, served by the server only as the answer to a miss.
 */
export const notFoundPath = "/404";

/** The 404 page's heading, and what staff read when a page they asked for is not there. */
export const notFoundTitle = "Страница не найдена";

/** Every address rendered to static HTML at build time: the site's pages and the 404 page. */
export const prerenderedPaths: readonly string[] = [
  ...sitePages.map((page) => page.path),
  notFoundPath,
];

/** Links of the slide-out menu, in the specification's order. */
export const menuPaths: readonly SitePath[] = [
  "/services",
  "/documents",
  "/structure",
  "/appeals",
  "/to_investors",
  "/vacancies",
  "/anticorruption",
  "/personal-data",
  "/special-assessment",
];

/** Links shown in the bar itself on wide screens and inside the menu on narrow ones. */
export const barPaths: readonly SitePath[] = ["/applications", "/contacts"];

/**
 * The required sections (issue 29) as the footer of every page links them, and the home page
 * too: each at most one click from anywhere.
 */
export const requiredSectionPaths: readonly SitePath[] = [
  "/anticorruption",
  "/appeals/procedure",
  "/personal-data",
  "/special-assessment",
];
