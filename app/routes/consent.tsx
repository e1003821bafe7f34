import { formatDay } from "../../content/format.ts";
import { personalDataPage, personalDataPaths } from "../../content/personal-data.ts";
import { sitePage } from "../../content/site-pages.ts";
import { consentText, consentTextVersion } from "../../domain/appeals/consent-text.ts";
import { pageMeta } from "../page-meta.ts";
import type { Route } from "./+types/consent.ts";

export const meta = () => pageMeta("/personal-data/consent");

/**
 * The consent as a document of its own (152-ФЗ, since 1 September 2025): the very text the
 * appeal form shows and the version each appeal records (decision 0044).
 */
export default function ConsentPage(_: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>{sitePage("/personal-data/consent").title}</h1>
      <p>{personalDataPage.consentLead}</p>
      <blockquote>
        <p>{consentText}</p>
      </blockquote>
      <p>
        {personalDataPage.consentVersion}: {consentTextVersion} (от {formatDay(consentTextVersion)})
      </p>
      <p>
        <a href={personalDataPaths.policy}>{sitePage("/personal-data").title}</a>
      </p>
    </div>
  );
}
