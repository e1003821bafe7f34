import { sitePages } from "../../content/site-pages.ts";

/** Pages with an interactive part that needs JavaScript; every other page must ship none. */
export const interactivePaths = new Set(["/appeals", "/to_investors"]);

export const contentPageBudgetBytes = 8 * 1024;
export const interactivePageBudgetBytes = 130 * 1024;

export const allPages = sitePages;
