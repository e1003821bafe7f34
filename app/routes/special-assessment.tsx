import { sitePage } from "../../content/site-pages.ts";
import {
  defaultSpecialAssessmentTexts,
  labourProtectionGroupTitle,
} from "../../content/special-assessment.ts";
import { siteContentOf } from "../../domain/pages/page-context.ts";
import { sectionTextsOrDefaults } from "../../domain/site-content/section-texts-content.ts";
import { SiteMarkup } from "../components/site-markup.tsx";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import type { Route } from "./+types/special-assessment.ts";

export const meta = () => pageMeta("/special-assessment");

export const handle: RouteHandle = { styles: [contentStyles] };

/** The results published (a draft's, for a preview); the build's while prerendering. */
export function loader({ context }: Route.LoaderArgs) {
  return sectionTextsOrDefaults(siteContentOf(context).assessment, defaultSpecialAssessmentTexts);
}

/** 426-ФЗ art. 15 p.6: the results, in the labour-protection group (decision 0044). */
export default function SpecialAssessmentPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <p>
        <a href="/documents#labour-protection-title">{labourProtectionGroupTitle}</a>
      </p>
      <h1>{sitePage("/special-assessment").title}</h1>
      <SiteMarkup text={loaderData.results ?? ""} />
    </div>
  );
}
