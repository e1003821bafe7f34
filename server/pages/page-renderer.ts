/**
 * Renders one page of the public site from given content (for a publish or a preview, by
 * server/site-content/) with React Router's server build, the
 * way `react-router build` prerenders it (@react-router/dev's prerender: the route's data
 * request `<path>.data` first, then the document `<path>/` with that data in
 * X-React-Router-Prerender-Data), so a page published by staff is the build's page with other
 * content, byte for byte what the build would write (tests/e2e/page-renderer.test.ts
 * compares them). The content reaches the route's loader through the load context
 * (domain/pages/page-context.ts, `siteContentOf`).
 */
import { type RequestHandler, RouterContextProvider } from "react-router";
import { siteContentContext } from "../../domain/pages/page-context.ts";
import type { SiteContent } from "../../domain/site-content/site-editions.ts";

/** The page's HTML, its route data and where the build keeps that data (`/_.data` for `/`). */
export type RenderedPage = { html: string; data: string; dataPath: string };

export type PageRenderer = (path: string, content: Partial<SiteContent>) => Promise<RenderedPage>;

/** React Router's prerender limit for data carried in the header (vite.js, createRouteRequest). */
const headerDataLimit = 8 * 1024;

export function createPageRenderer(handler: RequestHandler): PageRenderer {
  const contextWith = (content: Partial<SiteContent>) => {
    const context = new RouterContextProvider();
    context.set(siteContentContext, content);
    return context;
  };
  return async (path, content) => {
    // As @react-router/dev's prerender names it (vite.js, createDataRequest).
    const dataPath = path.endsWith("/") ? `${path}_.data` : `${path}.data`;
    const dataResponse = await handler(
      new Request(`http://localhost${dataPath}`),
      contextWith(content),
    );
    if (dataResponse.status !== 200) {
      throw new Error(`rendering ${path}.data answered ${dataResponse.status}`);
    }
    const data = await dataResponse.text();
    const headers = new Headers();
    const encoded = encodeURI(data);
    if (encoded.length < headerDataLimit) headers.set("X-React-Router-Prerender-Data", encoded);
    const response = await handler(
      new Request(`http://localhost${path}/`, { headers }),
      contextWith(content),
    );
    if (response.status !== 200) {
      throw new Error(`rendering ${path} answered ${response.status}`);
    }
    return { html: await response.text(), data, dataPath };
  };
}
