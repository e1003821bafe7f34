// The corpus of bench/search-libraries.ts (issue 29, decision 0042): the site's own content (every
// export of content/, the pages' descriptions, the documents and blank forms with their PDFs'
// text), a few probe documents holding the examples, and 2,000 announcements and
// documents generated from the content's own words with a seeded generator (the same on every
// run, tests/support/random-input.ts). Also the queries: the examples and a few hundred drawn from the same words.
import { loadContentExports } from "../content/content-check.server.ts";
import { siteContentDefaults } from "../content/site-content-defaults.ts";
import { sitePages } from "../content/site-pages.ts";
import { textWords } from "../domain/search/search-text.ts";
import type { SearchDocument } from "../server/search/site-search-index.ts";
import { seededRandom } from "../tests/support/random-input.ts";

const stringsOf = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(stringsOf)
      : value && typeof value === "object"
        ? Object.values(value).flatMap(stringsOf)
        : [];

/** The documents the examples must find, each with its own path. */
export const probes: SearchDocument[] = [
  {
    path: "/probe/soil",
    title: "Сроки приёма проб",
    section: "Новости",
    text: "Принимаем образцы для анализа почв до 1 декабря.",
  },
  {
    path: "/probe/vacancy",
    title: "Открыта вакансия лаборанта",
    section: "Новости",
    text: "Приглашаем на работу.",
  },
  {
    path: "/probe/agro",
    title: "Требуется агрохимик",
    section: "Новости",
    text: "В испытательный центр.",
  },
  { path: "/probe/yo", title: "Ёмкость для воды", section: "Новости", text: "Полтора литра." },
  { path: "/probe/ye", title: "Емкость ведра", section: "Новости", text: "Десять литров." },
  {
    path: "/probe/liming",
    title: "Известкование кислых почв",
    section: "Новости",
    text: "Заявки до весны.",
  },
];

/** The examples (and honest one-typo ones): the query and the probe it must find. */
export const examples: { query: string; finds: string }[] = [
  { query: "анализ почвы", finds: "/probe/soil" },
  { query: "вакансии", finds: "/probe/vacancy" },
  { query: "вакансиии", finds: "/probe/vacancy" },
  { query: "агрохимик", finds: "/probe/agro" },
  { query: "агрохимк", finds: "/probe/agro" },
  { query: "известкоание", finds: "/probe/liming" },
  { query: "емкость", finds: "/probe/yo" },
  { query: "ёмкость", finds: "/probe/ye" },
];

/** The site's content as documents, the PDFs' text by address. */
export async function contentDocuments(pdfText: Map<string, string>): Promise<SearchDocument[]> {
  const pages = sitePages.map((page) => ({
    path: page.path,
    title: page.title,
    section: "Страницы",
    text: page.description,
  }));
  const exports = (await loadContentExports()).map((entry) => ({
    path: "/",
    title: entry.name,
    section: entry.module,
    text: stringsOf(entry.value).join("\n"),
  }));
  // A document and a blank form: its title, its group, its PDF's text and the PDF.
  const fileRow = (title: string, section: string, href: string) => ({
    path: href.startsWith("/forms/") ? "/applications" : "/documents",
    title,
    section,
    text: pdfText.get(href) ?? "",
    fileUrl: href,
  });
  const documents = siteContentDefaults.documents.groups.flatMap((group) =>
    group.documents.map((row) => fileRow(row.title, group.title, row.href)),
  );
  const forms = siteContentDefaults.applications.groups.flatMap((group) =>
    group.forms.map((row) => fileRow(row.title, group.title, row.pdfHref)),
  );
  return [...pages, ...exports, ...documents, ...forms];
}

/** `count` announcements and documents made of the site's own words, a few hundred words each. */
export function generatedDocuments(site: SearchDocument[], count: number): SearchDocument[] {
  const { next: random } = seededRandom(29);
  const vocabulary = [
    ...new Set(site.flatMap((doc) => textWords(`${doc.title} ${doc.text}`))),
  ].filter((word) => word.length >= 3 && !/\d/.test(word));
  const pick = () => vocabulary[Math.floor(random() * vocabulary.length)] as string;
  const words = (n: number) => Array.from({ length: n }, pick).join(" ");
  const sentence = () => {
    const text = words(6 + Math.floor(random() * 10));
    return `${text[0]?.toUpperCase()}${text.slice(1)}.`;
  };
  return Array.from({ length: count }, (_, index) => {
    const sentences = Array.from({ length: 5 + Math.floor(random() * 30) }, sentence);
    const isFile = index % 2 === 1;
    return {
      path: isFile ? "/documents" : `/news/${index + 1}`,
      title: sentence().slice(0, 120),
      section: isFile ? "Документы" : "Новости и объявления",
      text: sentences.join(" "),
      ...(isFile ? { fileUrl: `/files/${index + 1}/document.pdf` } : {}),
    };
  });
}

/** `count` queries: the examples, then one to three of the corpus's words, a quarter with a typo. */
export function benchmarkQueries(corpus: SearchDocument[], count: number): string[] {
  const { next: random } = seededRandom(42);
  const vocabulary = [...new Set(corpus.flatMap((doc) => textWords(doc.title)))].filter(
    (word) => word.length >= 4 && !/\d/.test(word),
  );
  const pick = () => vocabulary[Math.floor(random() * vocabulary.length)] as string;
  const typo = (word: string) => {
    const at = 1 + Math.floor(random() * (word.length - 2));
    return word.slice(0, at) + word.slice(at + 1);
  };
  const queries = examples.map((example) => example.query);
  while (queries.length < count) {
    const words = Array.from({ length: 1 + Math.floor(random() * 3) }, pick);
    if (random() < 0.25) words[0] = typo(words[0] as string);
    queries.push(words.join(" ").toLowerCase());
  }
  return queries;
}
