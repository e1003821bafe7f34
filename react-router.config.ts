import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./content/site-pages.ts";

// Every page is rendered to static HTML at build time. `ssr: true` keeps a server
// build for the one thing that cannot be static: the no-JavaScript appeal form's
// POST. It also lets the root layout leave <Scripts /> out of content pages.
export default {
  appDirectory: "app",
  ssr: true,
  prerender: [...prerenderedPaths],
  // Load the whole (small) route manifest with the page: no /__manifest endpoint.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
