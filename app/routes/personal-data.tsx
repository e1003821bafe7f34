import { describePublicFile } from "../../content/file-info.server.ts";
import {
  defaultPersonalDataTexts,
  personalDataPage,
  personalDataSectionTitles,
  storageTermsSection,
} from "../../content/personal-data.ts";
import { personalDataPolicy } from "../../content/personal-data-policy.ts";
import { sitePage } from "../../content/site-pages.ts";
import { siteContentOf } from "../../domain/pages/page-context.ts";
import { sectionTextsOrDefaults } from "../../domain/site-content/section-texts-content.ts";
import { DownloadLink } from "../components/download-link.tsx";
import { SiteMarkup } from "../components/site-markup.tsx";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import type { Route } from "./+types/personal-data.ts";

export const meta = () => pageMeta("/personal-data");

export const handle: RouteHandle = { styles: [contentStyles] };

/**
 * The policy's texts published (a draft's, for a preview; the build's while prerendering), and
 * the policy PDF's format and size, read from public/ at build time.
 */
export function loader({ context }: Route.LoaderArgs) {
  return {
    texts: sectionTextsOrDefaults(siteContentOf(context).privacy, defaultPersonalDataTexts),
    pdf: describePublicFile(personalDataPolicy.href),
  };
}

/**
 * The operator's policy as a page (152-ФЗ art. 18.1 p.2): the operator and the purposes, what the
 * site collects, the measures the system takes (three texts staff edit), the PDF and the consent
 * (decision 0044). How long appeals are kept is the archive's rules, not an editable text
 * (decision 0064).
 */
export default function PersonalDataPage({ loaderData }: Route.ComponentProps) {
  const { texts, pdf } = loaderData;
  return (
    <div className="page">
      <h1>{sitePage("/personal-data").title}</h1>
      {(["policy", "collected"] as const).map((id) => (
        <EditedSection key={id} id={id} text={texts[id]} />
      ))}
      <section className="content-section" aria-labelledby="storage-title">
        <h2 id="storage-title">{storageTermsSection.title}</h2>
        <p>{storageTermsSection.lead}</p>
        <ul>
          {storageTermsSection.terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
        {storageTermsSection.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>
      <EditedSection id="measures" text={texts.measures} />
      <section className="content-section" aria-labelledby="policy-pdf-title">
        <h2 id="policy-pdf-title">{personalDataPage.pdfTitle}</h2>
        <p>
          <DownloadLink file={pdf}>{personalDataPolicy.title}</DownloadLink>
        </p>
      </section>
    </div>
  );
}

/** One of the policy's sections staff edit, in the site's small markup. */
function EditedSection({ id, text }: { id: string; text: string | undefined }) {
  return (
    <section className="content-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{personalDataSectionTitles[id]}</h2>
      <SiteMarkup text={text ?? ""} />
    </section>
  );
}
