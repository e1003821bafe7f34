import { sitePages } from "../../content/site-pages.ts";

/**
 * Script files a page may load, gzipped: only /appeals loads any (its form's island: React,
 * React DOM and the form). /to_investors carries its fullscreen toggle inline, in the page.
 */
export const scriptBudgetBytes: Record<string, number> = { "/appeals": 70 * 1024 };

export const allPages = sitePages;

/** CSS per page, uncompressed: all of it is inlined into the page (decision 0001). */
export const cssBudgetBytes = 20 * 1024;

/**
 * One route of each template of the public site, and the routes it stands for: the checks that
 * judge a template's markup, CSS and weight rather than a page's words run on these (Lighthouse,
 * decision 0051). Of each template, the route whose document is the heaviest (brotli, the build
 * of 28 November: /appeals 10,306 B, / 10,133, /contacts 9,383, /services 9,358, /to_investors
 * 8,594, /documents 8,529, /personal-data 8,069, /news 7,320). Every route stands somewhere.
 */
export const templatePages: readonly { path: string; standsFor: readonly string[] }[] = [
  // The home page: the first screen, the news block, the organisation's JSON-LD.
  { path: "/", standsFor: ["/"] },
  // The appeal form with its island, the consent and the ПОС note.
  { path: "/appeals", standsFor: ["/appeals", "/appeals/corruption_report"] },
  // The phone banner, the staff table, the map's frame, JSON-LD.
  { path: "/contacts", standsFor: ["/contacts"] },
  // Tables of prices and salaries.
  { path: "/services", standsFor: ["/services", "/services/special_offer", "/vacancies"] },
  // Lists of documents and blank forms with their files, the structure's chart.
  { path: "/documents", standsFor: ["/documents", "/applications", "/structure"] },
  // The land map with its inline fullscreen script.
  { path: "/to_investors", standsFor: ["/to_investors"] },
  // The announcements' list.
  { path: "/news", standsFor: ["/news"] },
  // Sections of text: the required sections, the procedure, the policy and the consent.
  {
    path: "/personal-data",
    standsFor: [
      "/anticorruption",
      "/appeals/procedure",
      "/personal-data",
      "/personal-data/consent",
      "/special-assessment",
    ],
  },
];
