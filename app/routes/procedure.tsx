import { corruptionReportPath } from "../../content/anticorruption.ts";
import { appealsRulesIntro } from "../../content/appeals-rules.ts";
import {
  appealProcedureSteps,
  defaultReceptionTexts,
  receptionSectionTitles,
} from "../../content/citizens-appeals.ts";
import { sitePage } from "../../content/site-pages.ts";
import { siteContentOf } from "../../domain/pages/page-context.ts";
import { sectionTextsOrDefaults } from "../../domain/site-content/section-texts-content.ts";
import { SiteMarkup } from "../components/site-markup.tsx";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import type { Route } from "./+types/procedure.ts";

export const meta = () => pageMeta("/appeals/procedure");

export const handle: RouteHandle = { styles: [contentStyles] };

/** The reception's schedule published (a draft's, for a preview); the build's while prerendering. */
export function loader({ context }: Route.LoaderArgs) {
  return sectionTextsOrDefaults(siteContentOf(context).reception, defaultReceptionTexts);
}

/**
 * «Обращения граждан» as a section (decision 0044): how appeals are considered (the law's terms
 * from domain/), the personal reception (editable), and every way to send and follow an appeal.
 */
export default function AppealsProcedurePage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>{sitePage("/appeals/procedure").title}</h1>
      <section className="content-section" aria-labelledby="procedure-title">
        <h2 id="procedure-title">Как рассматриваются обращения</h2>
        <p>{appealsRulesIntro}</p>
        <ul>
          {appealProcedureSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
      </section>
      <section className="content-section" aria-labelledby="reception-title">
        <h2 id="reception-title">{receptionSectionTitles.reception}</h2>
        <SiteMarkup text={loaderData.reception ?? ""} />
      </section>
      <section className="content-section" aria-labelledby="channels-title">
        <h2 id="channels-title">Как направить обращение и узнать о нём</h2>
        <ul>
          <li>
            <a href="/appeals">Форма обращения</a> на сайте.
          </li>
          <li>
            Через портал Госуслуг: <a href="https://www.gosuslugi.ru/">gosuslugi.ru</a> — вход в
            личный кабинет подтверждает личность заявителя, ответ придёт туда же.
          </li>
          <li>
            <a href={corruptionReportPath}>Сообщение о фактах коррупции</a> — та же форма с
            выбранной темой.
          </li>
          <li>
            <a href="/appeals/status">Состояние обращения</a> по его номеру и адресу электронной
            почты.
          </li>
          <li>
            <a href="/appeals/review">Обзор обращений граждан</a>: сколько обращений поступило и как
            они рассмотрены.
          </li>
        </ul>
      </section>
    </div>
  );
}
