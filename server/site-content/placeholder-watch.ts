/**
 * The placeholder values published now on this server (decision 0040): found in the content the
 * publisher shows (each page's published edition, or the build's), found again only when a
 * publish has changed what is shown (here or, by its notice, on another server), so /healthz
 * can ask on every request.
 */
import {
  type EditablePage,
  editablePages,
  type SiteContent,
} from "../../domain/site-content/site-editions.ts";
import {
  type PublishedPlaceholder,
  placeholdersIn,
} from "../../domain/site-content/site-placeholders.ts";
import type { SitePublisher } from "./site-publisher.ts";

export type PlaceholderWatch = {
  list(): PublishedPlaceholder[];
  count(): number;
};

export function watchPlaceholders(
  publisher: Pick<SitePublisher, "shownEdition" | "shownContent">,
  defaults: SiteContent,
): PlaceholderWatch {
  const pages = Object.keys(editablePages) as EditablePage[];
  let seen: { key: string; found: PublishedPlaceholder[] } | undefined;
  const list = () => {
    // The editions shown, page by page: a publish changes this key, nothing else does.
    const key = pages.map((page) => publisher.shownEdition(page) ?? 0).join();
    if (seen?.key !== key) {
      seen = { key, found: placeholdersIn({ ...defaults, ...publisher.shownContent() }) };
    }
    return seen.found;
  };
  return { list, count: () => list().length };
}
