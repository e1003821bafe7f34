import type { DocumentLink } from "./schema.ts";

/**
 * The personal-data processing policy (152-ФЗ). The appeal form's consent text links to it, so it
 * lives apart from the five groups the documents page lists, in a module that imports nothing:
 * the form's island carries it and must not carry the rest of the site's content.
 */
export const personalDataPolicy = {
  title: "Политика в отношении обработки персональных данных",
  href: "/docs/personal-data-policy.pdf",
} satisfies DocumentLink;

/**
 * The policy as a page and the consent as its own document (issue 29, decision 0044): every form
 * that collects personal data links both.
 */
export const personalDataPaths = {
  policy: "/personal-data",
  consent: "/personal-data/consent",
} as const;
