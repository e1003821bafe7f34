import { useRouteLoaderData } from "react-router";
import { sitePage } from "../../content/site-pages.ts";
import {
  defaultVacancies,
  howToApply,
  vacanciesPage,
  vacancyConditions,
  vacancySalaryLabel,
} from "../../content/vacancies.ts";
import { siteContentOf } from "../../domain/pages/page-context.ts";
import { pageMeta } from "../page-meta.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import vacanciesStyles from "../styles/pages/vacancies.css?inline";
import type { Route } from "./+types/vacancies.ts";

export const meta = () => pageMeta("/vacancies");

export const handle: RouteHandle = { styles: [contentStyles, vacanciesStyles] };

/**
 * The published edition's vacancies when the server renders the page on publishing (or a draft,
 * for a preview); the build's defaults while prerendering (decision 0029).
 */
export function loader({ context }: Route.LoaderArgs) {
  return siteContentOf(context).vacancies ?? defaultVacancies;
}

export default function VacanciesPage({ loaderData }: Route.ComponentProps) {
  const phone = useRouteLoaderData<typeof rootLoader>("root")?.footer.phone;
  return (
    <div className="page">
      <h1>{sitePage("/vacancies").title}</h1>
      {loaderData.vacancies.length === 0 ? (
        <p>Открытых вакансий сейчас нет.</p>
      ) : (
        <ul className="card-grid vacancy-list">
          {loaderData.vacancies.map((vacancy) => (
            <li key={vacancy.id} className="card">
              <article className="vacancy" aria-labelledby={`${vacancy.id}-title`}>
                <h2 id={`${vacancy.id}-title`} className="vacancy__title">
                  {vacancy.title}
                </h2>
                <p className="vacancy__salary">{vacancySalaryLabel(vacancy)}</p>
                <dl className="vacancy__conditions">
                  {vacancyConditions(vacancy).map((condition) => (
                    <div key={condition.label}>
                      <dt>{condition.label}</dt>
                      <dd>{condition.value}</dd>
                    </div>
                  ))}
                </dl>
              </article>
            </li>
          ))}
        </ul>
      )}
      <p>{phone ? howToApply(phone) : vacanciesPage.howToApply}</p>
    </div>
  );
}
