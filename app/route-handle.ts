import type { UIMatch } from "react-router";

/**
 * What a route tells the root layout. `hydrate: true` opts the page into JavaScript: only then
 * does the layout render <Scripts />. Content pages leave it out and ship no script at all.
 * `overBanner: true` draws the top bar over the page's banner instead of above it (home page).
 * `styles` is the page's own CSS (imported with `?inline`): the layout writes it into <head> so a
 * page paints without waiting for a stylesheet request, which on a slow mobile link would share
 * the bandwidth with the hydrating pages' scripts.
 * `staffArea: true` drops the public top bar, menu and footer (the staff registry at /staff has
 * its own header and is never linked from the public site).
 */
export type RouteHandle = {
  hydrate?: boolean;
  staffArea?: boolean;
  overBanner?: boolean;
  styles?: readonly string[];
};

export function routeHandles(matches: readonly UIMatch[]): RouteHandle[] {
  return matches.map((match) => (match.handle ?? {}) as RouteHandle);
}
