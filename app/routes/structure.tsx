import { director } from "../../content/director.ts";
import { describePublicFile } from "../../content/file-info.server.ts";
import { organisationChart } from "../../content/organisation-chart.ts";
import { sitePage } from "../../content/site-pages.ts";
import { DownloadLink } from "../components/download-link.tsx";
import { OrgChart } from "../components/org-chart.tsx";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import structureStyles from "../styles/pages/structure.css?inline";
import type { Route } from "./+types/structure.ts";

export const meta = () => pageMeta("/structure");

export const handle: RouteHandle = { styles: [contentStyles, structureStyles] };

/** Runs at prerender time: format and size of the chart image, read from public/. */
export function loader() {
  return { chartImage: describePublicFile(organisationChart.image.src) };
}

export default function StructurePage({ loaderData }: Route.ComponentProps) {
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
        {organisationChart.sampleNotice ? (
          <p className="sample-notice">{organisationChart.sampleNotice}</p>
        ) : null}
        <OrgChart root={organisationChart.root} labelledBy="org-chart-title" />
        <p>
          <DownloadLink file={loaderData.chartImage}>{organisationChart.image.alt}</DownloadLink>
        </p>
      </section>
    </div>
  );
}
