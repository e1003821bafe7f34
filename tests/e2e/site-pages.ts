import { sitePages } from "../../content/site-pages.ts";

/**
 * Script files a page may load, gzipped: only /appeals loads any (its form's island: React,
 * React DOM and the form). /to_investors carries its fullscreen toggle inline, in the page.
 */
export const scriptBudgetBytes: Record<string, number> = { "/appeals": 70 * 1024 };

export const allPages = sitePages;

/** CSS per page, uncompressed: all of it is inlined into the page (decision 0001). */
export const cssBudgetBytes = 20 * 1024;
