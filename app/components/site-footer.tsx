import { organisation } from "../../content/organisation.ts";
import { newTabNote } from "../../content/page-labels.ts";
import { requiredSectionPaths, sitePage } from "../../content/site-pages.ts";
import { type FooterContacts, phoneHref } from "../../domain/site-content/contacts-content.ts";

/**
 * The footer of every public page: the institution's full name and founder, the published
 * contacts (the root's loader gives them), the required sections (issue 29) and the official
 * pages in social networks.
 */
export function SiteFooter({ contacts }: { contacts: FooterContacts }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__name">{organisation.fullName}</p>
        <p>Учредитель: {organisation.founder}</p>
        <dl className="site-footer__facts">
          <div>
            <dt>Адрес</dt>
            <dd>{contacts.address}</dd>
          </div>
          <div>
            <dt>Телефон</dt>
            <dd>
              <a href={phoneHref(contacts.phone)}>{contacts.phone}</a>
            </dd>
          </div>
          <div>
            <dt>Режим работы</dt>
            <dd>
              <ul className="plain-list">
                {contacts.workingHours.map((row) => (
                  <li key={row.id}>
                    {row.days}: {row.hours}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
        <div className="site-footer__links">
          <nav aria-labelledby="footer-sections-title">
            <h2 id="footer-sections-title" className="site-footer__heading">
              Сведения об учреждении
            </h2>
            <ul className="plain-list">
              {requiredSectionPaths.map((path) => (
                <li key={path}>
                  <a href={path}>{sitePage(path).navLabel}</a>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2 id="footer-social-title" className="site-footer__heading">
              Официальные страницы в социальных сетях
            </h2>
            <ul className="plain-list" aria-labelledby="footer-social-title">
              {organisation.social.map((link) => (
                <li key={link.kind}>
                  <a href={link.href} target="_blank" rel="noopener noreferrer">
                    {link.label}
                    <span className="visually-hidden"> {newTabNote}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </footer>
  );
}
