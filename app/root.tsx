import type { ReactNode } from "react";
import { Links, Meta, Outlet, useMatches, useRouteLoaderData } from "react-router";
import { defaultContacts, shownContacts } from "../content/contacts.ts";
import { siteContentOf } from "../domain/pages/page-context.ts";
import type { FooterContacts } from "../domain/site-content/contacts-content.ts";
import type { Route } from "./+types/root.ts";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import lowVisionStyles from "./features/low-vision/low-vision.css?inline";
import {
  LowVisionControl,
  LowVisionHeadScript,
} from "./features/low-vision/low-vision-control.tsx";
import { routeHandles } from "./route-handle.ts";
import printStyles from "./styles/print.css?inline";
import siteStyles from "./styles/site.css?inline";

// A scalable icon for current browsers, a PNG for the others, and the home-screen icons.
export function links() {
  return [
    { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
    { rel: "icon", href: "/icons/favicon-32.png", type: "image/png", sizes: "32x32" },
    { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
    { rel: "manifest", href: "/manifest.webmanifest" },
  ];
}

/**
 * What every public page's footer shows of the contacts: the published edition's when the
 * server renders a page (on publishing, or on each request for the pages it renders), the
 * build's while prerendering (decision 0029).
 */
export function loader({ context }: Route.LoaderArgs) {
  const { phone, address, workingHours, email, point } = shownContacts(
    siteContentOf(context).contacts,
  );
  return { footer: { phone, address, workingHours, email, point } satisfies FooterContacts };
}

export function Layout({ children }: { children: ReactNode }) {
  // Absent when the root itself failed: the build's contacts then.
  const footer = useRouteLoaderData<typeof loader>("root")?.footer ?? defaultContacts;
  const handles = routeHandles(useMatches());
  const overBanner = handles.some((handle) => handle.overBanner);
  const staffArea = handles.some((handle) => handle.staffArea);
  // All CSS is inlined: one request per page, no render-blocking stylesheet (see RouteHandle).
  const styles = [
    ...new Set([
      siteStyles,
      ...(staffArea ? [] : [lowVisionStyles]),
      ...handles.flatMap((handle) => handle.styles ?? []),
      // Last: it overrides every other rule on paper.
      printStyles,
    ]),
  ];
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f5132" />
        {/* Before any style and the body: the saved low-vision settings apply from the first paint. */}
        {staffArea ? null : <LowVisionHeadScript />}
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
        {/* The staff registry has its own header; the public bars, menu and panel stay out of it. */}
        {staffArea ? null : <LowVisionControl />}
        {staffArea ? null : <SiteHeader overBanner={overBanner} />}
        <main id="content" tabIndex={-1}>
          {children}
        </main>
        {staffArea ? null : <SiteFooter contacts={footer} />}
        {/* No <Scripts />: no page loads React Router's client runtime. The appeal form hydrates
            as an island of its own (features/appeals/appeal-form-island.tsx). */}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}
