import { describePublicFile } from "../../content/file-info.server.ts";
import { personalDataPage, personalDataPaths } from "../../content/personal-data.ts";
import { personalDataPolicy } from "../../content/personal-data-policy.ts";
import { sitePage } from "../../content/site-pages.ts";
import { DownloadLink } from "../components/download-link.tsx";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import type { Route } from "./+types/personal-data.ts";

export const meta = () => pageMeta("/personal-data");

export const handle: RouteHandle = { styles: [contentStyles] };

/** The policy PDF's format and size, read from public/ at build time. */
export function loader() {
  return { pdf: describePublicFile(personalDataPolicy.href) };
}

/**
 * The operator's policy as a page (152-ФЗ art. 18.1 p.2): what the seed's PDF says, what the site
 * collects, the measures the system takes, the PDF and the consent (decision 0044).
 */
export default function PersonalDataPage({ loaderData }: Route.ComponentProps) {
  const page = personalDataPage;
  return (
    <div className="page">
      <h1>{sitePage("/personal-data").title}</h1>
      <p className="sample-notice">{page.sampleNotice}</p>
      <p>{page.operator}</p>
      {page.purpose.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <section className="content-section" aria-labelledby="collected-title">
        <h2 id="collected-title">{page.collectedTitle}</h2>
        <p>{page.collected}</p>
        <p>
          Перед отправкой обращения автор даёт{" "}
          <a href={personalDataPaths.consent}>согласие на обработку персональных данных</a>.
        </p>
      </section>
      <section className="content-section" aria-labelledby="measures-title">
        <h2 id="measures-title">{page.measuresTitle}</h2>
        <ul>
          {page.measures.map((measure) => (
            <li key={measure}>{measure}</li>
          ))}
        </ul>
      </section>
      <section className="content-section" aria-labelledby="policy-pdf-title">
        <h2 id="policy-pdf-title">{page.pdfTitle}</h2>
        <p>
          <DownloadLink file={loaderData.pdf}>{personalDataPolicy.title}</DownloadLink>
        </p>
      </section>
    </div>
  );
}
