import { useLocation } from "react-router";
import { organisation } from "../../content/organisation.ts";
import { barPaths, menuPaths, type SitePath, sitePage } from "../../content/site-pages.ts";
import { SiteLogo } from "./site-logo.tsx";
import { SiteSearchForm } from "./site-search-form.tsx";
import { SocialLinks } from "./social-links.tsx";

const menuId = "site-menu";

/**
 * The top bar of every page. The menu is a native popover: it opens, closes on Escape or an
 * outside click, returns focus to its button and exposes its state to screen readers without
 * any JavaScript, so content pages can ship none. The button is its invoker, so the browser
 * gives it its expanded state (aria-expanded in the accessibility tree, HTML-AAM) as the menu
 * opens and closes: an attribute written here could only say one state, and would be wrong in
 * the other. The open panel sits below the bar (site.css), so «Меню» stays in sight and closes it
 * again; «Закрыть меню» is the panel's first control, where the eye and the thumb are (issue 43).
 */
export function SiteHeader({ overBanner }: { overBanner: boolean }) {
  const { pathname } = useLocation();
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
                <NavLink path={path} current={pathname} />
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
        <button
          type="button"
          className="site-menu__close"
          popoverTarget={menuId}
          popoverTargetAction="hide"
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2.5" />
          </svg>
          Закрыть меню
        </button>
        <SiteSearchForm place="menu" />
        <ul className="site-menu__list">
          {menuPaths.map((path) => (
            <li key={path}>
              <NavLink path={path} current={pathname} />
            </li>
          ))}
          {barPaths.map((path) => (
            <li key={path} className="site-menu__narrow-only">
              <NavLink path={path} current={pathname} />
            </li>
          ))}
        </ul>
        <SocialLinks />
      </nav>
    </header>
  );
}

/**
 * Plain links, not client-side navigation: every page is a complete static document. The page
 * shown is marked (aria-current, and in site.css by more than colour); a page under it (an
 * announcement under /news) marks its section.
 */
function NavLink({ path, current: shown }: { path: SitePath; current: string }) {
  // A prerendered page is rendered at '/contacts/' (its index.html): the same page.
  const current = shown.length > 1 ? shown.replace(/\/$/, "") : shown;
  const here = current === path ? "page" : current.startsWith(`${path}/`) ? "true" : undefined;
  return (
    <a href={path} aria-current={here}>
      {sitePage(path).navLabel}
    </a>
  );
}
