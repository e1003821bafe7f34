import { sitePage } from "../../content/site-pages.ts";
import { vacanciesPage } from "../../content/vacancies.ts";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import vacanciesStyles from "../styles/pages/vacancies.css?inline";

export const meta = () => pageMeta("/vacancies");

export const handle: RouteHandle = { styles: [contentStyles, vacanciesStyles] };

export default function VacanciesPage() {
  return (
    <div className="page">
      <h1>{sitePage("/vacancies").title}</h1>
      <ul className="card-grid vacancy-list">
        {vacanciesPage.vacancies.map((vacancy) => (
          <li key={vacancy.id} className="card">
            <article className="vacancy" aria-labelledby={`${vacancy.id}-title`}>
              <h2 id={`${vacancy.id}-title`} className="vacancy__title">
                {vacancy.title}
              </h2>
              <p className="vacancy__salary">{vacancy.salary.label}</p>
              <dl className="vacancy__conditions">
                {vacancy.conditions.map((condition) => (
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
      <p>{vacanciesPage.howToApply}</p>
    </div>
  );
}
