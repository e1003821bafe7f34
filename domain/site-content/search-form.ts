/**
 * «Поиск по сайту» as a plain form (no JavaScript, issue 42): two lists in one form, the synonyms
 * (`s<i>.<field>`, `scount` of them) and the best answers (`b<i>.<field>`, `bcount`), read back
 * into values (shown again as typed when something is wrong) and into checked content. List
 * buttons name their list: `add:s`, `remove:s:1`, `up:b:2`; only the saving buttons store.
 */
import {
  maxBestAnswers,
  maxSearchSynonyms,
  type SearchContent,
  searchContentSchema,
} from "./search-content.ts";
import {
  applyListChange,
  type FieldPlace,
  type FormCheck,
  formErrorsOf,
  freeId,
  type PageForm,
  readListChange,
  readRows,
} from "./site-form.ts";

/** One synonym as the form holds it: the texts as typed, the checkbox as a flag. */
export type SynonymFormValues = { id: string; words: string; means: string; bothWays: boolean };
export type BestAnswerFormValues = { id: string; query: string; path: string };
export type SearchFormValues = {
  synonyms: SynonymFormValues[];
  bestAnswers: BestAnswerFormValues[];
};

/** The form's two lists: the list buttons' names and the fields' prefixes. */
export const synonymList = "s";
export const bestAnswerList = "b";

export const synonymFieldName = (index: number, field: keyof SynonymFormValues) =>
  `${synonymList}${index}.${field}`;
export const bestAnswerFieldName = (index: number, field: keyof BestAnswerFormValues) =>
  `${bestAnswerList}${index}.${field}`;

/** The id a field's control takes on the page: dots are not welcome in a fragment. */
export const searchControlId = (name: string) => `search-${name.replace(".", "-")}`;

export function searchFormValues(content: SearchContent): SearchFormValues {
  return {
    synonyms: content.synonyms.map((synonym) => ({ ...synonym })),
    bestAnswers: content.bestAnswers.map((answer) => ({ ...answer })),
  };
}

/** The fields a browser posts for these values (a checkbox left out when not ticked). */
export function searchFormFields(values: SearchFormValues): Record<string, string> {
  const fields: Record<string, string> = {
    [`${synonymList}count`]: String(values.synonyms.length),
    [`${bestAnswerList}count`]: String(values.bestAnswers.length),
  };
  values.synonyms.forEach((synonym, index) => {
    fields[synonymFieldName(index, "id")] = synonym.id;
    fields[synonymFieldName(index, "words")] = synonym.words;
    fields[synonymFieldName(index, "means")] = synonym.means;
    if (synonym.bothWays) fields[synonymFieldName(index, "bothWays")] = "on";
  });
  values.bestAnswers.forEach((answer, index) => {
    fields[bestAnswerFieldName(index, "id")] = answer.id;
    fields[bestAnswerFieldName(index, "query")] = answer.query;
    fields[bestAnswerFieldName(index, "path")] = answer.path;
  });
  return fields;
}

/** Both lists as posted, in the form's order (at most one more than each limit, to be refused). */
export function readSearchValues(fields: URLSearchParams): SearchFormValues {
  const synonyms = readRows(fields, synonymList, ["id", "words", "means", "bothWays"] as const, {
    max: maxSearchSynonyms + 1,
    nameOf: (_list, index, field) => synonymFieldName(index, field as keyof SynonymFormValues),
  });
  const bestAnswers = readRows(fields, bestAnswerList, ["id", "query", "path"] as const, {
    max: maxBestAnswers + 1,
    nameOf: (_list, index, field) =>
      bestAnswerFieldName(index, field as keyof BestAnswerFormValues),
  });
  return {
    synonyms: synonyms.map((row) => ({ ...row, bothWays: row.bothWays === "on" })),
    bestAnswers,
  };
}

/**
 * An address as an editor may paste it: the site's full address or a trailing slash dropped
 * ('https://…/contacts/' -> '/contacts'), so the check judges the page, not how it was copied.
 */
function sitePathOf(typed: string): string {
  const text = typed.trim();
  const path = /^https?:\/\/[^/]+(\/.*)?$/i.exec(text)?.[1] ?? text;
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/** The values as content the search can use, or what is wrong, field by field. */
export function checkSearchValues(values: SearchFormValues): FormCheck<SearchContent> {
  const parsed = searchContentSchema.safeParse({
    synonyms: values.synonyms,
    bestAnswers: values.bestAnswers.map((answer) => ({ ...answer, path: sitePathOf(answer.path) })),
  });
  if (parsed.success) return { ok: true, content: parsed.data };
  return {
    ok: false,
    errors: formErrorsOf(parsed.error.issues, ([list, index, field]) => {
      if (typeof index !== "number" || typeof field !== "string") return undefined;
      if (list === "synonyms") return synonymFieldName(index, field as keyof SynonymFormValues);
      if (list === "bestAnswers") {
        return bestAnswerFieldName(index, field as keyof BestAnswerFormValues);
      }
      return undefined;
    }),
  };
}

function newSynonym(taken: readonly { id: string }[]): SynonymFormValues {
  return { id: freeId("synonym", taken), words: "", means: "", bothWays: false };
}

function newBestAnswer(taken: readonly { id: string }[]): BestAnswerFormValues {
  return { id: freeId("answer", taken), query: "", path: "" };
}

const fieldLabels: Record<string, string> = {
  words: "что вводят посетители",
  means: "искать также",
  bothWays: "в обе стороны",
  query: "запрос",
  path: "страница",
};

/** Where a field posted as `name` is, named in words: «Синоним 2, искать также». */
function searchFieldPlace(name: string): FieldPlace {
  const [, list = "", index = "0", field = ""] = /^([sb])(\d+)\.(\w+)$/.exec(name) ?? [];
  const item = list === synonymList ? "Синоним" : "Лучший ответ";
  return {
    id: searchControlId(name),
    label: `${item} ${Number(index) + 1}, ${fieldLabels[field] ?? field}`,
  };
}

/** «Поиск по сайту»'s form as the shared editor route uses it. */
export const searchForm: PageForm<SearchContent, SearchFormValues> = {
  valuesOf: searchFormValues,
  read: readSearchValues,
  change(values, intent) {
    const change = readListChange(intent);
    if (change?.list === synonymList) {
      const synonyms = applyListChange(values.synonyms, change, {
        max: maxSearchSynonyms,
        make: newSynonym,
      });
      return { ...values, synonyms };
    }
    if (change?.list === bestAnswerList) {
      const bestAnswers = applyListChange(values.bestAnswers, change, {
        max: maxBestAnswers,
        make: newBestAnswer,
      });
      return { ...values, bestAnswers };
    }
    return undefined;
  },
  check: checkSearchValues,
  place: searchFieldPlace,
};
