import { pageOf } from "../../domain/pages/page-context.ts";
import type { SearchHit } from "../../domain/search/search-port.ts";
import { maxQueryLength } from "../../domain/search/search-text.ts";
import { SiteSearchForm } from "../components/site-search-form.tsx";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import type { Route } from "./+types/search.ts";

// Rendered by the server on each request (issue 29), with no JavaScript, never indexed. The
// content pages' styles, block for block: their hashes are already in the served pages' policy;
// the search's own rules are in site.css, on every page.
export const handle: RouteHandle = { styles: [contentStyles] };

export const meta = ({ loaderData }: Route.MetaArgs) => [
  {
    title: loaderData?.query ? `«${loaderData.query}» — Поиск по сайту` : "Поиск по сайту",
  },
  {
    name: "description",
    content: "Поиск по страницам, объявлениям, документам и бланкам сайта учреждения.",
  },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * The query as typed, shown up to its first 200 characters; the search itself reads it by the
 * domain's rule (a word cut at 200 characters is left out, decision 0042).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const typed = new URL(request.url).searchParams.get("q") ?? "";
  const query = typed.slice(0, maxQueryLength).trim();
  const page = pageOf(context);
  // Who searched is passed only so that a bot's search is not counted (decision 0060).
  const hits: readonly SearchHit[] =
    query === "" ? [] : page.services.search(typed, page.client).hits;
  return { query, hits };
}

/** The pages most visitors look for, offered when nothing is found. */
const usualPages = [
  { href: "/services", label: "Услуги и цены" },
  { href: "/documents", label: "Документы" },
  { href: "/contacts", label: "Контакты" },
  { href: "/appeals", label: "Обращения граждан" },
] as const;

const fileFormat = (href: string) => /\.([a-z0-9]+)$/i.exec(href)?.[1]?.toUpperCase() ?? "файл";

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, hits } = loaderData;
  const partial = hits.some((hit) => (hit.missing?.length ?? 0) > 0);
  const whole = hits.some((hit) => (hit.missing?.length ?? 0) === 0 && !hit.bestAnswer);
  return (
    <div className="page search-page">
      <h1>Поиск по сайту</h1>
      <SiteSearchForm place="page" query={query} />
      {hits.length > 0 ? (
        <>
          <p>
            По запросу «{query}» найдено: {hits.length}
            {hits.length === 1 ? "" : " (сначала — самые подходящие)"}.
          </p>
          {partial ? (
            <p className="search-page__partial">
              {whole
                ? "Ниже страниц со всеми словами запроса — страницы, где есть только часть слов: у каждой указано, каких слов на ней нет."
                : "Страниц со всеми словами запроса нет. Показаны страницы, где есть часть слов: у каждой указано, каких слов на ней нет."}
            </p>
          ) : null}
          <ol className="search-results">
            {hits.map((hit) => (
              <SearchResult key={`${hit.path} ${hit.fileUrl ?? ""} ${hit.title}`} hit={hit} />
            ))}
          </ol>
        </>
      ) : (
        <>
          <p>
            {query === ""
              ? "Введите в поле слово или несколько слов: название услуги, документа, бланка или то, о чём хотите узнать."
              : `По запросу «${query}» ничего не найдено. Проверьте, нет ли в словах опечаток, или попробуйте другие слова: поиск находит страницы, объявления, документы и бланки, где есть хотя бы одно слово запроса (кроме служебных: «как», «где», «на»…).`}
          </p>
          <p>Чаще всего посетители ищут:</p>
          <ul>
            {usualPages.map((page) => (
              <li key={page.href}>
                <a href={page.href}>{page.label}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function SearchResult({ hit }: { hit: SearchHit }) {
  return (
    <li className={hit.bestAnswer ? "search-result search-result--best" : "search-result"}>
      {hit.bestAnswer ? <p className="search-result__best">Лучший ответ</p> : null}
      <h2 className="search-result__title">
        <a href={hit.path}>{hit.title}</a>
      </h2>
      <p className="search-result__section">Раздел: {hit.section}</p>
      {hit.snippet.length > 0 ? (
        <p className="search-result__snippet">
          {hit.snippet.map((part, index) =>
            part.marked ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
              <mark key={index}>{part.text}</mark>
            ) : (
              part.text
            ),
          )}
        </p>
      ) : null}
      {hit.missing && hit.missing.length > 0 ? (
        <p className="search-result__missing">
          {"Не найдено: "}
          {hit.missing.map((word, index) => (
            <span key={word}>
              {index > 0 ? ", " : ""}
              <s>{word}</s>
            </span>
          ))}
        </p>
      ) : null}
      {hit.fileUrl ? (
        <p>
          <a href={hit.fileUrl}>
            Открыть файл ({fileFormat(hit.fileUrl)})
            <span className="visually-hidden">: {hit.title}</span>
          </a>
        </p>
      ) : null}
    </li>
  );
}
