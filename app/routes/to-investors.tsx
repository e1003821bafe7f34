import { investorsPage } from "../../content/investors.ts";
import { newTabNote } from "../../content/page-labels.ts";
import { sitePage } from "../../content/site-pages.ts";
import { FullscreenMap } from "../components/fullscreen-map.tsx";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import investorsStyles from "../styles/pages/investors.css?inline";

export const meta = () => pageMeta("/to_investors");

// The map's fullscreen toggle is a small inline script (components/land-map-toggle.ts): the
// page does not hydrate.
export const handle: RouteHandle = { styles: [contentStyles, investorsStyles] };

const { intro, instructionsTitle, instructions, fullscreenButton, landMap, programme } =
  investorsPage;

export default function ToInvestorsPage() {
  return (
    <div className="page">
      <h1>{sitePage("/to_investors").title}</h1>
      {intro.map((paragraph) => (
        <p key={paragraph} className="lead">
          {paragraph}
        </p>
      ))}

      <section className="content-section" aria-labelledby="map-instructions-title">
        <h2 id="map-instructions-title">{instructionsTitle}</h2>
        <ol>
          {instructions.map((instruction) => (
            <li key={instruction}>{instruction}</li>
          ))}
        </ol>
        <FullscreenMap
          map={landMap}
          enterLabel={fullscreenButton.enterLabel}
          exitLabel={fullscreenButton.exitLabel}
        />
        <p className="land-map__link">
          <a href={landMap.linkHref} target="_blank" rel="noopener noreferrer">
            {landMap.linkLabel}
            <span className="visually-hidden"> {newTabNote}</span>
          </a>
        </p>
      </section>

      <section className="content-section" aria-labelledby="programme-title">
        <h2 id="programme-title">{programme.title}</h2>
        {programme.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>
    </div>
  );
}
