import { describePublicFile } from "../../content/file-info.server.ts";
import { defaultStructure, organisationChart } from "../../content/organisation-chart.ts";
import { sitePage } from "../../content/site-pages.ts";
import { siteContentOf } from "../../domain/pages/page-context.ts";
import { DownloadLink, uploadedFileLabel } from "../components/download-link.tsx";
import { OrgChart } from "../components/org-chart.tsx";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import structureStyles from "../styles/pages/structure.css?inline";
import type { Route } from "./+types/structure.ts";

export const meta = () => pageMeta("/structure");

export const handle: RouteHandle = { styles: [contentStyles, structureStyles] };

/**
 * The published edition's director and chart picture when the server renders the page on
 * publishing (or a draft, for a preview); the build's while prerendering (decision 0029). Format
 * and size of the chart's picture: an uploaded one's from the content, the build's from public/.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { director, chart } = siteContentOf(context).structure ?? defaultStructure;
  const chartImage = chart.file
    ? uploadedFileLabel(chart.href, chart.file)
    : describePublicFile(chart.href);
  return { director, chart, chartImage };
}

export default function StructurePage({ loaderData }: Route.ComponentProps) {
  const { director, chart } = loaderData;
  return (
    <div className="page">
      <h1>{sitePage("/structure").title}</h1>

      <section className="content-section director" aria-labelledby="director-title">
        <h2 id="director-title">{director.position}</h2>
        <p className="director__name">{director.fullName}</p>
        {director.sampleNotice ? <p className="sample-notice">{director.sampleNotice}</p> : null}
        {director.biography.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>

      <section className="content-section" aria-labelledby="org-chart-title">
        <h2 id="org-chart-title">{organisationChart.title}</h2>
        {chart.sampleNotice ? <p className="sample-notice">{chart.sampleNotice}</p> : null}
        <OrgChart root={organisationChart.root} labelledBy="org-chart-title" />
        <p>
          <DownloadLink file={loaderData.chartImage}>{chart.alt}</DownloadLink>
        </p>
      </section>
    </div>
  );
}
