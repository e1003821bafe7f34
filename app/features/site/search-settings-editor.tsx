import { inputConstraints } from "../../../domain/forms/input-constraints.ts";
import {
  bestAnswerSchema,
  searchSynonymSchema,
} from "../../../domain/site-content/search-content.ts";
import {
  type BestAnswerFormValues,
  bestAnswerFieldName,
  bestAnswerList,
  type SearchFormValues,
  type SynonymFormValues,
  searchControlId,
  synonymFieldName,
  synonymList,
} from "../../../domain/site-content/search-form.ts";
import type { FormErrors } from "../../../domain/site-content/site-form.ts";
import { Choice, TextInput } from "../../components/staff/field/field.tsx";
import { AddItemButton, ListItemButtons } from "./list-buttons.tsx";

/**
 * An address's limits without its pattern: the form also takes the site's full address pasted
 * ('https://…/contacts') and keeps the page's path, which an HTML pattern would refuse.
 */
const { pattern: _pattern, ...pathConstraints } = inputConstraints(bestAnswerSchema, "path");

/**
 * «Поиск по сайту»'s fields in the shared editor form (site-editor-form.tsx, issue 42): the
 * synonyms, then the best answers, each with buttons to move, remove and add one (they show the
 * form again changed, nothing is stored). Plain HTML: it works without JavaScript.
 */
export function SearchSettingsFields({
  values,
  errors,
}: {
  values: SearchFormValues;
  errors: FormErrors | undefined;
}) {
  const errorOf = (name: string) => errors?.byField[name];
  return (
    <>
      <h2>Синонимы</h2>
      <p>
        Что посетители вводят в поиск иначе, чем написано на страницах: сокращения, разговорные
        слова. Поиск ищет и то, что введено, и слова из поля «Искать также».
      </p>
      <input type="hidden" name={`${synonymList}count`} value={values.synonyms.length} />
      {values.synonyms.length === 0 ? <p>Синонимов нет.</p> : null}
      {values.synonyms.map((synonym, index) => (
        <SynonymFieldset
          key={synonym.id}
          synonym={synonym}
          index={index}
          count={values.synonyms.length}
          errorOf={errorOf}
        />
      ))}
      <AddItemButton list={synonymList} label="Добавить синоним" />
      <h2>Лучшие ответы</h2>
      <p>
        Страница, которую поиск показывает первой на запрос и его формы, с пометкой «Лучший ответ».
      </p>
      <input type="hidden" name={`${bestAnswerList}count`} value={values.bestAnswers.length} />
      {values.bestAnswers.length === 0 ? <p>Лучших ответов нет.</p> : null}
      {values.bestAnswers.map((answer, index) => (
        <BestAnswerFieldset
          key={answer.id}
          answer={answer}
          index={index}
          count={values.bestAnswers.length}
          errorOf={errorOf}
        />
      ))}
      <AddItemButton list={bestAnswerList} label="Добавить лучший ответ" />
    </>
  );
}

function SynonymFieldset({
  synonym,
  index,
  count,
  errorOf,
}: {
  synonym: SynonymFormValues;
  index: number;
  count: number;
  errorOf: (name: string) => string | undefined;
}) {
  const name = (field: keyof SynonymFormValues) => synonymFieldName(index, field);
  return (
    <fieldset className="staff-form staff-stack">
      <legend>
        Синоним {index + 1}
        {synonym.words ? `: ${synonym.words}` : ""}
      </legend>
      <input type="hidden" name={name("id")} value={synonym.id} />
      <TextInput
        id={searchControlId(name("words"))}
        name={name("words")}
        label="Что вводят посетители"
        hint="Например: СОУТ"
        {...inputConstraints(searchSynonymSchema, "words")}
        defaultValue={synonym.words}
        error={errorOf(name("words"))}
      />
      <TextInput
        id={searchControlId(name("means"))}
        name={name("means")}
        label="Искать также"
        hint="Слова, которыми это написано на сайте. Например: специальная оценка условий труда"
        {...inputConstraints(searchSynonymSchema, "means")}
        defaultValue={synonym.means}
        error={errorOf(name("means"))}
      />
      <Choice
        type="checkbox"
        name={name("bothWays")}
        defaultChecked={synonym.bothWays}
        label="В обе стороны (и наоборот: по словам сайта находить и это)"
      />
      <ListItemButtons
        list={synonymList}
        index={index}
        count={count}
        remove="Удалить синоним"
        itemName={`синоним ${index + 1}`}
      />
    </fieldset>
  );
}

function BestAnswerFieldset({
  answer,
  index,
  count,
  errorOf,
}: {
  answer: BestAnswerFormValues;
  index: number;
  count: number;
  errorOf: (name: string) => string | undefined;
}) {
  const name = (field: keyof BestAnswerFormValues) => bestAnswerFieldName(index, field);
  return (
    <fieldset className="staff-form staff-stack">
      <legend>
        Лучший ответ {index + 1}
        {answer.query ? `: ${answer.query}` : ""}
      </legend>
      <input type="hidden" name={name("id")} value={answer.id} />
      <TextInput
        id={searchControlId(name("query"))}
        name={name("query")}
        label="Запрос"
        hint="Например: телефон"
        {...inputConstraints(bestAnswerSchema, "query")}
        defaultValue={answer.query}
        error={errorOf(name("query"))}
      />
      <TextInput
        id={searchControlId(name("path"))}
        name={name("path")}
        label="Страница"
        hint="Адрес страницы сайта, например /contacts"
        {...pathConstraints}
        defaultValue={answer.path}
        error={errorOf(name("path"))}
      />
      <ListItemButtons
        list={bestAnswerList}
        index={index}
        count={count}
        remove="Удалить лучший ответ"
        itemName={`лучший ответ ${index + 1}`}
      />
    </fieldset>
  );
}
