/**
 * What one edition of «Поиск по сайту» changed against the one before, in words («История» and
 * a head's review, issue 42): synonyms and best answers added, removed, changed field by field,
 * and a new order of either list.
 */
import type {
  BestAnswer,
  SearchContent,
  SearchSynonym,
} from "../../../domain/site-content/search-content.ts";
import { type FieldChange, listChanges } from "./field-change.ts";

const synonymFields = (synonym: SearchSynonym) => [
  { label: "Что вводят посетители", value: synonym.words },
  { label: "Искать также", value: synonym.means },
  { label: "В обе стороны", value: synonym.bothWays ? "да" : "нет" },
];

const bestAnswerFields = (answer: BestAnswer) => [
  { label: "Запрос", value: answer.query },
  { label: "Страница", value: answer.path },
];

export function searchSettingsChanges(before: SearchContent, after: SearchContent): FieldChange[] {
  return [
    ...listChanges(before.synonyms, after.synonyms, {
      nameOf: (synonym) => `Синоним «${synonym.words}»`,
      fields: synonymFields,
      added: "Синоним добавлен",
      removed: "Синоним удалён",
      order: "Порядок синонимов",
    }),
    ...listChanges(before.bestAnswers, after.bestAnswers, {
      nameOf: (answer) => `Лучший ответ «${answer.query}» → ${answer.path}`,
      fields: bestAnswerFields,
      added: "Лучший ответ добавлен",
      removed: "Лучший ответ удалён",
      order: "Порядок лучших ответов",
    }),
  ];
}
