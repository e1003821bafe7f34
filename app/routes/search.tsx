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
  const hits: readonly SearchHit[] = query === "" ? [] : pageOf(context).services.search(typed);
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
              : `По запросу «${query}» ничего не найдено. Проверьте, нет ли в словах опечаток, или попробуйте другие слова: поиск находит страницы, объявления, документы и бланки, где есть все слова запроса.`}
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
    <li className="search-result">
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
