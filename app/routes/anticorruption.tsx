import {
  anticorruptionSections,
  defaultAnticorruptionTexts,
} from "../../content/anticorruption.ts";
import { sitePage } from "../../content/site-pages.ts";
import { siteContentOf } from "../../domain/pages/page-context.ts";
import { sectionTextsOrDefaults } from "../../domain/site-content/section-texts-content.ts";
import { SiteMarkup } from "../components/site-markup.tsx";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import type { Route } from "./+types/anticorruption.ts";

export const meta = () => pageMeta("/anticorruption");

export const handle: RouteHandle = { styles: [contentStyles] };

/** The subsections' texts published (a draft's, for a preview); the build's while prerendering. */
export function loader({ context }: Route.LoaderArgs) {
  return sectionTextsOrDefaults(siteContentOf(context).anticorruption, defaultAnticorruptionTexts);
}

/**
 * «Противодействие коррупции»: the eight subsections of order No. 530н as anchored parts of one
 * page, the list of them first (decision 0044).
 */
export default function AnticorruptionPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>{sitePage("/anticorruption").title}</h1>
      <nav aria-label="Подразделы">
        <ul>
          {anticorruptionSections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {anticorruptionSections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          className="content-section"
          aria-labelledby={`${section.id}-title`}
        >
          <h2 id={`${section.id}-title`}>{section.title}</h2>
          <SiteMarkup text={loaderData[section.id] ?? ""} />
        </section>
      ))}
    </div>
  );
}
