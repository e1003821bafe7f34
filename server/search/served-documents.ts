/**
 * What the site's search indexes (decision 0043): every public page served now, the section each
 * is in (its menu label), and the documents and blank forms shown now with their files.
 */
import { notFoundPath, prerenderedPaths, sitePages } from "../../content/site-pages.ts";
import { newsPath } from "../../domain/site-content/news-content.ts";
import {
  type EditablePage,
  editablePages,
  type SiteContent,
} from "../../domain/site-content/site-editions.ts";

/** The part of the site a page is in: its menu label (an announcement: the news'). */
export const sectionOf = (path: string): string => {
  const page =
    sitePages.find((site) => site.path === path) ??
    (path.startsWith(`${newsPath}/`)
      ? sitePages.find((site) => site.path === newsPath)
      : undefined);
  return page?.navLabel ?? "";
};

/** Every public page served now: the built ones and the published content's own pages. */
export function servedPages(content: SiteContent): string[] {
  const own = (Object.keys(editablePages) as EditablePage[]).flatMap(
    (page) => editablePages[page].ownPages?.(content[page] as never) ?? [],
  );
  return [...prerenderedPaths.filter((path) => path !== notFoundPath), ...own];
}

/** The documents and blank forms shown now, each with the file whose text is searched. */
export function filesOf(content: SiteContent) {
  const documents = content.documents.groups.flatMap((group) =>
    group.documents.map((document) => ({
      path: "/documents",
      title: document.title,
      href: document.href,
    })),
  );
  const forms = content.applications.groups.flatMap((group) =>
    group.forms.map((form) => ({ path: "/applications", title: form.title, href: form.pdfHref })),
  );
  return [...documents, ...forms];
}
