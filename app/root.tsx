import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { routeHandles } from "./route-handle.ts";
import siteStyles from "./styles/site.css?inline";

export function links() {
  return [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];
}

export function Layout({ children }: { children: ReactNode }) {
  const handles = routeHandles(useMatches());
  // Selective hydration: a page loads JavaScript only when one of its routes asks for it.
  const hydrate = handles.some((handle) => handle.hydrate);
  const overBanner = handles.some((handle) => handle.overBanner);
  const staffArea = handles.some((handle) => handle.staffArea);
  // All CSS is inlined: one request per page, no render-blocking stylesheet (see RouteHandle).
  const styles = [...new Set([siteStyles, ...handles.flatMap((handle) => handle.styles ?? [])])];
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f5132" />
        <Meta />
        <Links />
        {styles.map((css) => (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own build-time CSS, not user input
          <style key={css.slice(0, 64)} dangerouslySetInnerHTML={{ __html: css }} />
        ))}
      </head>
      <body>
        <a className="skip-link" href="#content">
          Перейти к содержанию
        </a>
        {staffArea ? null : <SiteHeader overBanner={overBanner} />}
        <main id="content" tabIndex={-1}>
          {children}
        </main>
        {staffArea ? null : <SiteFooter />}
        {hydrate ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}
