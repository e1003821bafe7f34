import { organisation } from "../../content/organisation.ts";
import { barPaths, menuPaths, type SitePath, sitePage } from "../../content/site-pages.ts";
import { SiteLogo } from "./site-logo.tsx";
import { SiteSearchForm } from "./site-search-form.tsx";
import { SocialLinks } from "./social-links.tsx";

const menuId = "site-menu";

/**
 * The top bar of every page. The menu is a native popover: it opens, closes on Escape or an
 * outside click, returns focus to its button and exposes its state to screen readers without
 * any JavaScript, so content pages can ship none.
 */
export function SiteHeader({ overBanner }: { overBanner: boolean }) {
  return (
    <header className={overBanner ? "site-header site-header--over-banner" : "site-header"}>
      <div className="site-header__bar">
        <a className="site-header__brand" href="/">
          <SiteLogo />
          <span className="site-header__name">{organisation.shortName}</span>
        </a>
        <nav className="site-header__links" aria-label="Быстрые ссылки">
          <ul>
            {barPaths.map((path) => (
              <li key={path}>
                <NavLink path={path} />
              </li>
            ))}
          </ul>
        </nav>
        <SocialLinks />
        <SiteSearchForm place="bar" />
        <button type="button" className="menu-button" popoverTarget={menuId} aria-controls={menuId}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span className="menu-button__label">Меню</span>
        </button>
      </div>
      <nav id={menuId} className="site-menu" popover="auto" aria-label="Меню сайта">
        <SiteSearchForm place="menu" />
        <ul className="site-menu__list">
          {menuPaths.map((path) => (
            <li key={path}>
              <NavLink path={path} />
            </li>
          ))}
          {barPaths.map((path) => (
            <li key={path} className="site-menu__narrow-only">
              <NavLink path={path} />
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="site-menu__close"
          popoverTarget={menuId}
          popoverTargetAction="hide"
        >
          Закрыть меню
        </button>
        <SocialLinks />
      </nav>
    </header>
  );
}

// Plain links, not client-side navigation: every page is a complete static document.
function NavLink({ path }: { path: SitePath }) {
  return <a href={path}>{sitePage(path).navLabel}</a>;
}
