import { priceTableLabels as labels } from "../../content/page-labels.ts";
import { priceList } from "../../content/price-list.ts";
import type { IndividualPackage } from "../../content/schema.ts";
import { sitePage } from "../../content/site-pages.ts";
import { PriceTable } from "../components/price-table.tsx";
import { ServicesTabs } from "../components/services-tabs.tsx";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import servicesStyles from "../styles/pages/services.css?inline";

export const meta = () => pageMeta("/services/special_offer");

export const handle: RouteHandle = { styles: [contentStyles, servicesStyles] };

const { legalEntities, individuals } = priceList;

export default function SpecialOfferPage() {
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
        <ul className="price-terms">
          <li>{legalEntities.discount.text}</li>
          <li>{legalEntities.researchPeriod.text}</li>
        </ul>

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
        <ul className="price-terms">
          {legalEntities.sampling.conditions.map((condition) => (
            <li key={condition}>{condition}</li>
          ))}
        </ul>
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
      {pricePackage.note ? <p className="price-card__kind">{pricePackage.note}</p> : null}
      <dl className="price-card__facts">
        <div>
          <dt>{labels.period}</dt>
          <dd>{pricePackage.period}</dd>
        </div>
        <div>
          <dt>{labels.sample}</dt>
          <dd>{pricePackage.sampleRequirement}</dd>
        </div>
      </dl>
      <PriceTable
        labelledBy={titleId}
        nameHeader={labels.service}
        priceHeader={labels.price}
        rows={[
          { key: "package", name: pricePackage.name, price: pricePackage.price },
          {
            key: "recommendations",
            name: pricePackage.recommendations.name,
            price: pricePackage.recommendations.price,
          },
        ]}
      />
    </>
  );
}
