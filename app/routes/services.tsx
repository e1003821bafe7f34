import type { ServiceBlock, ServiceMoreInfo } from "../../content/schema.ts";
import { moreInfoLabel, serviceBlocks } from "../../content/services.ts";
import { sitePage } from "../../content/site-pages.ts";
import { ServicesTabs } from "../components/services-tabs.tsx";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import servicesStyles from "../styles/pages/services.css?inline";

export const meta = () => pageMeta("/services");

export const handle: RouteHandle = { styles: [contentStyles, servicesStyles] };

export default function ServicesPage() {
  return (
    <div className="page">
      <h1>{sitePage("/services").title}</h1>
      <ServicesTabs current="/services" />
      <ul className="service-list">
        {serviceBlocks.map((block) => (
          <li key={block.id}>
            <ServiceBlockCard block={block} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function ServiceBlockCard({ block }: { block: ServiceBlock }) {
  const titleId = `${block.id}-title`;
  return (
    <article id={block.id} className="service-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="service-card__title">
        {block.title}
      </h2>
      <p>{block.summary}</p>
      <ul>
        {block.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {block.moreInfo.map((info) => (
        <MoreInfo key={info.id} info={info} />
      ))}
    </article>
  );
}

/**
 * 'Больше информации' as a native disclosure: it opens and closes without JavaScript, and a
 * screen reader announces it as a collapsed or expanded button. The hidden part of the summary
 * says which topic it opens, so the many 'Больше информации' buttons are told apart.
 */
function MoreInfo({ info }: { info: ServiceMoreInfo }) {
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
          {info.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {info.points ? (
            <ul>
              {info.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </details>
    </section>
  );
}
