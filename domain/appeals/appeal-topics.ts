/**
 * The classifier of appeals' topics, as data: staff pick one on the appeal's page, the statistics
 * count by it. The labels are the organisation's own names for its work (the services page and the
 * application forms). A topic is stored by its code; a code dropped from this list later is still
 * counted, shown by its code, so existing appeals never lose their topic.
 */
export const appealTopics = [
  { code: "soil-survey", label: "Агрохимическое обследование земель" },
  { code: "laboratory", label: "Лабораторные исследования" },
  { code: "prices-contracts", label: "Цены и договоры" },
  { code: "reclamation-design", label: "Мелиорация, рекультивация и проектирование" },
  { code: "maps-land-data", label: "Интерактивные карты и сведения о землях" },
  { code: "vacancies", label: "Вакансии" },
  // Issue 29: chosen by the citizen on /appeals/corruption_report; also mailed to
  // ANTICORRUPTION_NOTIFY_TO (decision 0044).
  { code: "corruption-report", label: "Сообщение о фактах коррупции" },
  { code: "other", label: "Другое" },
] as const;

export type AppealTopic = (typeof appealTopics)[number]["code"];

export const appealTopicCodes = appealTopics.map((topic) => topic.code) as [
  AppealTopic,
  ...AppealTopic[],
];

/** What the statistics call an appeal no one has given a topic yet. */
const noTopicLabel = "Тема не указана";

/** A topic's label; the code itself for a code no longer in the list; `noTopicLabel` for none. */
export function topicLabel(code: string | null): string {
  if (code === null) return noTopicLabel;
  return appealTopics.find((topic) => topic.code === code)?.label ?? code;
}

/**
 * The topics a citizen may choose in the form itself (issue 29): only the corruption report,
 * which has its own page and its own recipients. Every other topic is staff's to give.
 */
export const citizenTopicCodes = ["corruption-report"] as const satisfies readonly AppealTopic[];

export type CitizenTopic = (typeof citizenTopicCodes)[number];

/** The topic whose appeals go to ANTICORRUPTION_NOTIFY_TO besides the handlers. */
export const corruptionReportTopic: CitizenTopic = "corruption-report";
