import type { UIMatch } from "react-router";

/**
 * What a route tells the root layout. `overBanner: true` draws the top bar over the page's banner instead of above it (home page).
 * `styles` is the page's own CSS (imported with `?inline`): the layout writes it into <head> so a
 * page paints without waiting for a stylesheet request.
 * `staffArea: true` drops the public top bar, menu, low-vision panel and footer (the staff
 * registry at /staff has its own header and is never linked from the public site).
 */
export type RouteHandle = {
  staffArea?: boolean;
  overBanner?: boolean;
  styles?: readonly string[];
};

export function routeHandles(matches: readonly UIMatch[]): RouteHandle[] {
  return matches.map((match) => (match.handle ?? {}) as RouteHandle);
}
