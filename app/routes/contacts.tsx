import type { MetaArgs } from "react-router";
import { legalDetails, shownContacts } from "../../content/contacts.ts";
import { describePublicFile } from "../../content/file-info.server.ts";
import { addressMapOf } from "../../content/maps.ts";
import { organisation } from "../../content/organisation.ts";
import { contactsPageLabels as labels, newTabNote } from "../../content/page-labels.ts";
import { sitePage } from "../../content/site-pages.ts";
import { siteContentOf } from "../../domain/pages/page-context.ts";
import { phoneHref, type ShownContacts } from "../../domain/site-content/contacts-content.ts";
import { DownloadLink, uploadedFileLabel } from "../components/download-link.tsx";
import { MapFrame } from "../components/map-frame.tsx";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import contactsStyles from "../styles/pages/contacts.css?inline";
import contentStyles from "../styles/pages/content.css?inline";
import type { Route } from "./+types/contacts.ts";

export const meta = ({ matches }: MetaArgs) =>
  pageMeta("/contacts", { withOrganisation: true, matches });

export const handle: RouteHandle = { styles: [contentStyles, contactsStyles] };

/**
 * The published edition's contacts when the server renders the page on publishing (or a draft,
 * for a preview), the build's defaults while prerendering (decision 0029); and the format and
 * size of the requisites file: an uploaded one's from the content, the build's from public/.
 */
export function loader({ context }: Route.LoaderArgs) {
  const contacts = shownContacts(siteContentOf(context).contacts);
  const uploaded = contacts.legal.requisites;
  return {
    contacts,
    requisites: uploaded?.file
      ? uploadedFileLabel(uploaded.href, uploaded.file)
      : describePublicFile(uploaded?.href ?? legalDetails.download.href),
  };
}

export default function ContactsPage({ loaderData }: Route.ComponentProps) {
  const { contacts } = loaderData;
  // The map at the published point, named by the published address (decision 0034).
  const map = addressMapOf(contacts.point, contacts.address);
  return (
    <div className="page">
      <h1>{sitePage("/contacts").title}</h1>

      <section className="phone-banner" aria-labelledby="phone-banner-title">
        <h2 id="phone-banner-title" className="phone-banner__label">
          {labels.phoneTitle}
        </h2>
        <p className="phone-banner__number">
          <a href={phoneHref(contacts.phone)}>{contacts.phone}</a>
        </p>
      </section>

      <ContactsTable contacts={contacts} />

      <div className="contacts-facts">
        <section aria-labelledby="address-title">
          <h2 id="address-title">{labels.addressTitle}</h2>
          <p>
            <strong>{organisation.fullName}</strong>
            <br />
            {contacts.address}
            <br />
            {labels.columns.email}: <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
          </p>
          <dl className="working-hours">
            {contacts.workingHours.map((row) => (
              <div key={row.id}>
                <dt>{row.days}</dt>
                <dd>{row.hours}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="map-title">
          <h2 id="map-title">{labels.mapTitle}</h2>
          <div className="map-frame">
            <MapFrame map={map} width={600} height={400} />
          </div>
          <p>
            <a href={map.linkHref} target="_blank" rel="noopener noreferrer">
              {map.linkLabel}
              <span className="visually-hidden"> {newTabNote}</span>
            </a>
          </p>
        </section>
      </div>

      <section className="content-section" aria-labelledby="requisites-title">
        <h2 id="requisites-title">{legalDetails.title}</h2>
        {contacts.legal.note ? <p className="sample-notice">{contacts.legal.note}</p> : null}
        {contacts.legal.groups.map((group) => (
          <div key={group.id} className="requisites-group">
            <h3 id={`${group.id}-title`}>{group.title}</h3>
            <dl className="requisites" aria-labelledby={`${group.id}-title`}>
              {group.rows.map((row) => (
                <div key={row.id} className="requisites__row">
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
        <p>
          <DownloadLink file={loaderData.requisites}>{legalDetails.download.label}</DownloadLink>
        </p>
      </section>
    </div>
  );
}

/**
 * The staff table in three groups. Below 48rem (a phone, 200% zoom) each row is a block whose
 * cells follow their column's name (contacts.css, issue 44): nothing is cut at the screen's edge
 * and nothing scrolls sideways. Wider, should it still not fit, it scrolls inside its own
 * labelled, focusable region (keyboard users can scroll it), never the page.
 */
function ContactsTable({ contacts }: { contacts: ShownContacts }) {
  return (
    <section className="content-section" aria-labelledby="staff-title">
      <h2 id="staff-title">{labels.staffTitle}</h2>
      <p>
        {labels.extensionHint} {contacts.phone}.
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so keyboard users can scroll it (WCAG 2.1.1). */}
      <section className="table-scroll" aria-labelledby="staff-caption" tabIndex={0}>
        <table className="data-table contacts-table stacked-table">
          <caption id="staff-caption" className="visually-hidden">
            {labels.staffCaption}
          </caption>
          <thead>
            <tr>
              <th scope="col">{labels.columns.role}</th>
              <th scope="col">{labels.columns.email}</th>
              <th scope="col">{labels.columns.fullName}</th>
              <th scope="col">{labels.columns.extension}</th>
            </tr>
          </thead>
          {contacts.groups.map((group) => (
            <tbody key={group.id}>
              <tr className="contacts-table__group">
                <th scope="rowgroup" colSpan={4}>
                  {group.title}
                </th>
              </tr>
              {group.rows.map((row) => (
                <tr key={row.id} className={row.bold ? "contacts-table__head" : undefined}>
                  <th scope="row">{row.bold ? <strong>{row.title}</strong> : row.title}</th>
                  <td className="contacts-table__email" data-label={labels.columns.email}>
                    <a href={`mailto:${row.email}`}>{row.email}</a>
                  </td>
                  <td data-label={labels.columns.fullName}>{row.fullName}</td>
                  <td className="contacts-table__extension" data-label={labels.columns.extension}>
                    {row.extension}
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </section>
    </section>
  );
}
