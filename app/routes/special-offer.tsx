import { priceTableLabels as labels } from "../../content/page-labels.ts";
import { defaultPrices } from "../../content/price-list.ts";
import { sitePage } from "../../content/site-pages.ts";
import { siteContentOf } from "../../domain/pages/page-context.ts";
import type { IndividualPackage } from "../../domain/site-content/prices-content.ts";
import { PriceTable } from "../components/price-table.tsx";
import { ServicesTabs } from "../components/services-tabs.tsx";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import servicesStyles from "../styles/pages/services.css?inline";
import type { Route } from "./+types/special-offer.ts";

export const meta = () => pageMeta("/services/special_offer");

export const handle: RouteHandle = { styles: [contentStyles, servicesStyles] };

/**
 * The published edition's prices when the server renders the page on publishing (or a draft,
 * for a preview); the build's defaults while prerendering (decision 0029).
 */
export function loader({ context }: Route.LoaderArgs) {
  return siteContentOf(context).prices ?? defaultPrices;
}

export default function SpecialOfferPage({ loaderData }: Route.ComponentProps) {
  const { legalEntities, individuals } = loaderData;
  return (
    <div className="page">
      <h1>{sitePage("/services/special_offer").title}</h1>
      <ServicesTabs current="/services/special_offer" />

      <section className="content-section" aria-labelledby="legal-entities-title">
        <h2 id="legal-entities-title">{legalEntities.title}</h2>
        <PriceTable
          caption={
            <caption>
              {legalEntities.subtitle}. {legalEntities.vatNote}
            </caption>
          }
          nameHeader={labels.package}
          priceHeader={labels.pricePerSampleWithVat}
          rows={legalEntities.packages.map((pricePackage) => ({
            key: pricePackage.id,
            name: pricePackage.name,
            note: pricePackage.note,
            price: pricePackage.price,
          }))}
        />
        <TermList terms={legalEntities.terms} />

        <h3>{legalEntities.sampling.title}</h3>
        <PriceTable
          caption={
            <caption className="visually-hidden">
              {legalEntities.sampling.title}: {labels.priceWithVat}
            </caption>
          }
          nameHeader={labels.service}
          priceHeader={labels.priceWithVat}
          rows={[
            {
              key: "sampling",
              name: `${legalEntities.sampling.title} ${legalEntities.sampling.unit}`,
              price: legalEntities.sampling.price,
            },
          ]}
        />
        <TermList terms={legalEntities.sampling.conditions} />
      </section>

      <section className="content-section" aria-labelledby="individuals-title">
        <h2 id="individuals-title">{individuals.title}</h2>
        <ul className="card-grid">
          {individuals.packages.map((pricePackage) => (
            <li key={pricePackage.id} className="card">
              <IndividualPackageCard pricePackage={pricePackage} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function IndividualPackageCard({ pricePackage }: { pricePackage: IndividualPackage }) {
  const titleId = `${pricePackage.id}-title`;
  return (
    <>
      <h3 id={titleId}>{pricePackage.name}</h3>
      {pricePackage.included ? <p className="price-card__kind">{pricePackage.included}</p> : null}
      <dl className="price-card__facts">
        <div>
          <dt>{labels.period}</dt>
          <dd>{pricePackage.period}</dd>
        </div>
        <div>
          <dt>{labels.sample}</dt>
          <dd>{pricePackage.sample}</dd>
        </div>
      </dl>
      <PriceTable
        labelledBy={titleId}
        nameHeader={labels.service}
        priceHeader={labels.price}
        rows={[
          { key: "package", name: pricePackage.name, price: pricePackage.price },
          ...(pricePackage.extra
            ? [{ key: "extra", name: pricePackage.extra.name, price: pricePackage.extra.price }]
            : []),
        ]}
      />
    </>
  );
}

/** The terms under a price table, a line each; none: no list. */
function TermList({ terms }: { terms: readonly string[] }) {
  if (terms.length === 0) return null;
  return (
    <ul className="price-terms">
      {terms.map((term) => (
        <li key={term}>{term}</li>
      ))}
    </ul>
  );
}
