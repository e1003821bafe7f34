import { organisation } from "../../content/organisation.ts";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__name">{organisation.fullName}</p>
        <dl className="site-footer__facts">
          <div>
            <dt>Адрес</dt>
            <dd>{organisation.address}</dd>
          </div>
          <div>
            <dt>Телефон</dt>
            <dd>
              <a href={organisation.phone.href}>{organisation.phone.display}</a>
            </dd>
          </div>
          <div>
            <dt>Режим работы</dt>
            <dd>
              <ul className="plain-list">
                {organisation.workingHours.map((row) => (
                  <li key={row.days}>
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
