/**
 * The project's relevance set (issue 42): questions a visitor would type, each with the pages
 * that answer it on the site as built (content/ and the pages it renders), and how a search does
 * on them: top-1, top-3 and the mean reciprocal rank. Drawn from what the pages say, not from the
 * issue's hidden list; the test requires every question's answer in the first three results
 * (relevance-set.test.ts), the benchmark prints the figures (bench/search-relevance.ts).
 */
import type { SearchResults } from "../../domain/search/search-port.ts";

export type RelevanceQuestion = { query: string; expected: readonly string[] };

const q = (query: string, ...expected: string[]): RelevanceQuestion => ({ query, expected });

export const relevanceSet: readonly RelevanceQuestion[] = [
  // The examples.
  q("цены на анализ кормов", "/services/special_offer", "/services"),
  q("сколько стоит анализ воды", "/services/special_offer", "/services"),
  q("как подать обращение", "/appeals", "/appeals/procedure"),
  q("подать обращение", "/appeals", "/appeals/procedure"),
  q("зарплата химика", "/vacancies"),
  q("соут", "/special-assessment", "/documents"),
  q("руководство центра", "/structure", "/contacts"),
  q("телефон", "/contacts"),
  // Services and prices.
  q("анализ почвы", "/services", "/services/special_offer"),
  q("пакет скважина", "/services/special_offer"),
  q("анализ воды из скважины", "/services/special_offer", "/services"),
  q("экспресс-анализ кормов", "/services/special_offer", "/services"),
  q("почвенная экспертиза", "/services"),
  q("рекультивация земель", "/services", "/applications"),
  q("радиологические измерения", "/services"),
  q("анализ удобрений", "/services"),
  q("отбор проб силоса", "/services/special_offer"),
  q("грядка цена", "/services/special_offer"),
  q("скидка на анализы", "/services/special_offer"),
  // Documents and forms.
  q("устав учреждения", "/documents"),
  q("антикоррупционная политика", "/documents", "/anticorruption"),
  q("конфликт интересов", "/documents", "/anticorruption"),
  q("закупки у малого предпринимательства", "/documents"),
  q("аккредитация испытательного центра", "/documents"),
  q("охрана труда", "/documents", "/special-assessment"),
  q("бланк заявки на лабораторные исследования", "/applications"),
  q("заявка на известкование почв", "/applications"),
  q("заявка на почвенное обследование", "/applications"),
  // The centre, its people and how to reach it.
  q("адрес центра", "/contacts"),
  q("режим работы", "/contacts"),
  q("реквизиты", "/contacts"),
  q("как проехать", "/contacts"),
  q("электронная почта", "/contacts"),
  q("директор", "/structure", "/contacts"),
  q("структура учреждения", "/structure"),
  q("бухгалтерия", "/structure", "/contacts"),
  q("работа экономистом", "/vacancies"),
  q("вакансии", "/vacancies"),
  // Appeals.
  q("личный приём граждан", "/appeals/procedure"),
  q("срок ответа на обращение", "/appeals/procedure"),
  q("статус обращения", "/appeals/procedure"),
  q("сообщить о коррупции", "/appeals/corruption_report", "/anticorruption"),
  q("сведения о доходах", "/anticorruption"),
  // Other sections.
  q("карта земель для инвесторов", "/to_investors"),
  q("персональные данные", "/personal-data"),
  q("согласие на обработку персональных данных", "/personal-data/consent"),
  q("новости", "/news"),
  q("история центра", "/"),
  q("результаты специальной оценки условий труда", "/special-assessment"),
];

export type RelevanceScore = {
  questions: number;
  top1: number;
  top3: number;
  /** Mean reciprocal rank of the first expected page (0 for a question it is not found for). */
  mrr: number;
  /** Each question's rank of its first expected page (1-based), or 0 when not found. */
  ranks: { query: string; rank: number; found: string[] }[];
};

export function scoreRelevance(
  search: (query: string) => SearchResults,
  set: readonly RelevanceQuestion[] = relevanceSet,
): RelevanceScore {
  const ranks = set.map(({ query, expected }) => {
    const found = search(query).hits.map((hit) => hit.path);
    const at = found.findIndex((path) => expected.includes(path));
    return { query, rank: at + 1, found: found.slice(0, 5) };
  });
  return {
    questions: set.length,
    top1: ranks.filter((entry) => entry.rank === 1).length,
    top3: ranks.filter((entry) => entry.rank >= 1 && entry.rank <= 3).length,
    mrr: ranks.reduce((sum, entry) => sum + (entry.rank > 0 ? 1 / entry.rank : 0), 0) / set.length,
    ranks,
  };
}
