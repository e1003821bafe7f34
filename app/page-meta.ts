import type { MetaDescriptor } from "react-router";
import { defaultContacts } from "../content/contacts.ts";
import { organisation } from "../content/organisation.ts";
import { type SitePath, sitePage, siteTitleSuffix } from "../content/site-pages.ts";
import type { FooterContacts } from "../domain/site-content/contacts-content.ts";
import { organisationJsonLd } from "./seo/organisation-json-ld.ts";
import { absoluteUrl } from "./seo/site-url.ts";

/** The picture a shared link shows (Open Graph and Twitter cards), 1200 × 630. */
export const shareImage = {
  path: "/images/share-card.png",
  width: 1200,
  height: 630,
  alt: `${organisation.shortName}: логотип и название учреждения`,
};

/**
 * <title>, description, canonical address and sharing tags (Open Graph, Twitter card) of a site
 * page, from the page list in content/. Absolute addresses carry the SITE_URL placeholder (see
 * seo/site-url.ts). `withOrganisation` adds the organisation's JSON-LD (home and contacts).
 */
export function pageMeta(
  path: SitePath,
  {
    withOrganisation = false,
    matches = [],
  }: {
    withOrganisation?: boolean;
    /** The meta function's matches: the root's loader gives the published contacts. */
    matches?: readonly ({ id: string; loaderData: unknown } | undefined)[];
  } = {},
): MetaDescriptor[] {
  const page = sitePage(path);
  return describedPageMeta(
    { path, title: page.title, description: page.description },
    { withOrganisation, matches },
  );
}

/**
 * The same tags for a page given its words: a page of the site's list above, or one made from
 * content (an announcement's page, /news/<id>).
 */
export function describedPageMeta(
  page: { path: string; title: string; description: string },
  {
    withOrganisation = false,
    matches = [],
  }: {
    withOrganisation?: boolean;
    matches?: readonly ({ id: string; loaderData: unknown } | undefined)[];
  } = {},
): MetaDescriptor[] {
  const { path } = page;
  const title = path === "/" ? page.title : `${page.title} — ${siteTitleSuffix}`;
  const url = absoluteUrl(path);
  const image = absoluteUrl(shareImage.path);
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "ru_RU" },
    { property: "og:site_name", content: siteTitleSuffix },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(shareImage.width) },
    { property: "og:image:height", content: String(shareImage.height) },
    { property: "og:image:alt", content: shareImage.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: shareImage.alt },
    ...(withOrganisation ? [{ "script:ld+json": organisationJsonLd(contactsOf(matches)) }] : []),
  ];
}

/** The published contacts as the root's loader gave them; the build's while there are none. */
function contactsOf(
  matches: readonly ({ id: string; loaderData: unknown } | undefined)[],
): FooterContacts {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { footer?: FooterContacts }
    | undefined;
  return root?.footer ?? defaultContacts;
}
