import type { Config } from "@react-router/dev/config";
import { defaultNews } from "./content/news.ts";
import { prerenderedPaths } from "./content/site-pages.ts";
import { announcementPaths } from "./domain/site-content/news-content.ts";

// Every page is rendered to static HTML at build time. `ssr: true` keeps a server
// build for the one thing that cannot be static: the no-JavaScript appeal form's
// POST. It also lets the root layout leave <Scripts /> out of content pages.
export default {
  appDirectory: "app",
  ssr: true,
  // The build's announcements have pages of their own too (none in the seed).
  prerender: [...prerenderedPaths, ...announcementPaths(defaultNews)],
  // Load the whole (small) route manifest with the page: no /__manifest endpoint.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
