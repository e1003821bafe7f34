import { defaultInvestorsTexts, investorsPage } from "../../content/investors.ts";
import { newTabNote } from "../../content/page-labels.ts";
import { sitePage } from "../../content/site-pages.ts";
import { siteContentOf } from "../../domain/pages/page-context.ts";
import { sectionTextOf } from "../../domain/site-content/section-texts-content.ts";
import { parseMarkup } from "../../domain/site-content/site-markup.ts";
import { FullscreenMap } from "../components/fullscreen-map.tsx";
import { MarkupBlocks } from "../components/site-markup.tsx";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import investorsStyles from "../styles/pages/investors.css?inline";
import type { Route } from "./+types/to-investors.ts";

export const meta = () => pageMeta("/to_investors");

// The map's fullscreen toggle is a small inline script (components/land-map-toggle.ts): the
// page does not hydrate.
export const handle: RouteHandle = { styles: [contentStyles, investorsStyles] };

const { instructionsTitle, fullscreenButton, landMap, programme } = investorsPage;

/** The texts published (a draft's, for a preview); the build's while prerendering. */
export function loader({ context }: Route.LoaderArgs) {
  const texts = siteContentOf(context).investors ?? defaultInvestorsTexts;
  return Object.fromEntries(
    defaultInvestorsTexts.sections.map((section) => [
      section.id,
      sectionTextOf(texts, section.id) ?? section.text,
    ]),
  );
}

export default function ToInvestorsPage({ loaderData }: Route.ComponentProps) {
  const blocksOf = (id: string) => parseMarkup(loaderData[id] ?? "");
  return (
    <div className="page">
      <h1>{sitePage("/to_investors").title}</h1>
      <MarkupBlocks blocks={blocksOf("intro")} paragraphClassName="lead" />

      <section className="content-section" aria-labelledby="map-instructions-title">
        <h2 id="map-instructions-title">{instructionsTitle}</h2>
        <MarkupBlocks blocks={blocksOf("map-instructions")} />
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
        <MarkupBlocks blocks={blocksOf("programme")} />
      </section>
    </div>
  );
}
