import { formatRubles } from "../../content/format.ts";
import { priceTableLabels as labels } from "../../content/page-labels.ts";
import { priceList } from "../../content/price-list.ts";
import type { IndividualPackage } from "../../content/schema.ts";
import { sitePage } from "../../content/site-pages.ts";
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
        <table className="data-table price-table">
          <caption>
            {legalEntities.subtitle}. {legalEntities.vatNote}
          </caption>
          <thead>
            <tr>
              <th scope="col">{labels.package}</th>
              <th scope="col" className="price">
                {labels.pricePerSampleWithVat}
              </th>
            </tr>
          </thead>
          <tbody>
            {legalEntities.packages.map((pricePackage) => (
              <tr key={pricePackage.id}>
                <th scope="row">
                  {pricePackage.name}
                  {pricePackage.note ? (
                    <span className="price-table__note">{pricePackage.note}</span>
                  ) : null}
                </th>
                <td className="price">{formatRubles(pricePackage.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="price-terms">
          <li>{legalEntities.discount.text}</li>
          <li>{legalEntities.researchPeriod.text}</li>
        </ul>

        <h3>{legalEntities.sampling.title}</h3>
        <table className="data-table price-table">
          <caption className="visually-hidden">
            {legalEntities.sampling.title}: {labels.priceWithVat}
          </caption>
          <thead>
            <tr>
              <th scope="col">{labels.service}</th>
              <th scope="col" className="price">
                {labels.priceWithVat}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">
                {legalEntities.sampling.title} {legalEntities.sampling.unit}
              </th>
              <td className="price">{formatRubles(legalEntities.sampling.price)}</td>
            </tr>
          </tbody>
        </table>
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
      <table className="data-table price-table" aria-labelledby={titleId}>
        <thead>
          <tr>
            <th scope="col">{labels.service}</th>
            <th scope="col" className="price">
              {labels.price}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{pricePackage.name}</th>
            <td className="price">{formatRubles(pricePackage.price)}</td>
          </tr>
          <tr>
            <th scope="row">{pricePackage.recommendations.name}</th>
            <td className="price">{formatRubles(pricePackage.recommendations.price)}</td>
          </tr>
        </tbody>
      </table>
    </>
  );
}
