import { servicesTabs } from "../../content/services.ts";

/**
 * The two tabs over /services and /services/special_offer. They are links to two pages, not an
 * ARIA tab widget: the current one is marked with aria-current="page".
 */
export function ServicesTabs({ current }: { current: "/services" | "/services/special_offer" }) {
  return (
    <nav className="services-tabs" aria-label="Разделы услуг">
      <ul className="services-tabs__list">
        {servicesTabs.map((tab) => (
          <li key={tab.path}>
            <a
              className="services-tabs__link"
              href={tab.path}
              aria-current={tab.path === current ? "page" : undefined}
            >
              {tab.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
