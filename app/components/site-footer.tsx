import { organisation } from "../../content/organisation.ts";
import { type FooterContacts, phoneHref } from "../../domain/site-content/contacts-content.ts";

/** The footer of every public page: the published contacts (the root's loader gives them). */
export function SiteFooter({ contacts }: { contacts: FooterContacts }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__name">{organisation.fullName}</p>
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
      </div>
    </footer>
  );
}
