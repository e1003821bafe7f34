import { maxQueryLength } from "../../domain/search/search-text.ts";

/**
 * The site's search (issue 29): a plain GET form to /search, so it works without JavaScript. In
 * the top bar on wide screens, in the slide-out menu on narrow ones (the other is not displayed,
 * so one search landmark is exposed at a time), and on the results page with the query typed.
 */
/** Each form's landmark by a name of its own: the results page shows the bar's beside its own. */
const landmarkNames = {
  bar: "Поиск по сайту",
  menu: "Поиск по сайту в меню",
  page: "Новый поиск",
} as const;

export function SiteSearchForm({
  place,
  query = "",
}: {
  place: "bar" | "menu" | "page";
  query?: string;
}) {
  const fieldId = `site-search-${place}`;
  return (
    <search className={`site-search site-search--${place}`} aria-label={landmarkNames[place]}>
      <form className="site-search__form" action="/search" method="get">
        <label
          htmlFor={fieldId}
          className={place === "bar" ? "visually-hidden" : "site-search__label"}
        >
          Поиск по сайту
        </label>
        <input
          id={fieldId}
          className="site-search__field"
          type="search"
          name="q"
          defaultValue={query}
          maxLength={maxQueryLength}
          autoComplete="off"
        />
        <button type="submit" className="site-search__button">
          Найти
        </button>
      </form>
    </search>
  );
}
