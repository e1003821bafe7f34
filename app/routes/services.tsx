import type { ServiceBlock, ServiceMoreInfo } from "../../content/schema.ts";
import { defaultServicesTexts, moreInfoLabel, serviceBlocks } from "../../content/services.ts";
import { sitePage } from "../../content/site-pages.ts";
import { siteContentOf } from "../../domain/pages/page-context.ts";
import { sectionTextOf } from "../../domain/site-content/section-texts-content.ts";
import { parseMarkup } from "../../domain/site-content/site-markup.ts";
import { ServicesTabs } from "../components/services-tabs.tsx";
import { MarkupBlocks } from "../components/site-markup.tsx";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import servicesStyles from "../styles/pages/services.css?inline";
import type { Route } from "./+types/services.ts";

export const meta = () => pageMeta("/services");

export const handle: RouteHandle = { styles: [contentStyles, servicesStyles] };

/**
 * The blocks' texts published (a draft's, for a preview); the build's while prerendering. A
 * section without a published text keeps the build's.
 */
export function loader({ context }: Route.LoaderArgs) {
  const texts = siteContentOf(context).services ?? defaultServicesTexts;
  return Object.fromEntries(
    defaultServicesTexts.sections.map((section) => [
      section.id,
      sectionTextOf(texts, section.id) ?? section.text,
    ]),
  );
}

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  const textOf = (id: string) => loaderData[id] ?? "";
  return (
    <div className="page">
      <h1>{sitePage("/services").title}</h1>
      <ServicesTabs current="/services" />
      <ul className="service-list">
        {serviceBlocks.map((block) => (
          <li key={block.id}>
            <ServiceBlockCard block={block} textOf={textOf} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function ServiceBlockCard({
  block,
  textOf,
}: {
  block: ServiceBlock;
  textOf: (id: string) => string;
}) {
  const titleId = `${block.id}-title`;
  return (
    <article id={block.id} className="service-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="service-card__title">
        {block.title}
      </h2>
      <MarkupBlocks blocks={parseMarkup(textOf(block.id))} />
      {block.moreInfo.map((info) => (
        <MoreInfo key={info.id} info={info} text={textOf(info.id)} />
      ))}
    </article>
  );
}

/**
 * 'Больше информации' as a native disclosure: it opens and closes without JavaScript, and a
 * screen reader announces it as a collapsed or expanded button. The hidden part of the summary
 * says which topic it opens, so the many 'Больше информации' buttons are told apart.
 */
function MoreInfo({ info, text }: { info: ServiceMoreInfo; text: string }) {
  return (
    <section id={info.id} className="more-info" aria-labelledby={`${info.id}-title`}>
      <h3 id={`${info.id}-title`} className="more-info__title">
        {info.title}
      </h3>
      <details className="more-info__details">
        <summary className="more-info__summary">
          {moreInfoLabel}
          <span className="visually-hidden"> — {info.title}</span>
        </summary>
        <div className="more-info__body">
          <MarkupBlocks blocks={parseMarkup(text)} />
        </div>
      </details>
    </section>
  );
}
