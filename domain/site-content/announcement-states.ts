/**
 * Each announcement's state on «Содержание сайта» (/staff/site, issue 28, decision 0040), from the
 * published edition of the announcements and the edition being worked on: published as it is,
 * new or changed in the edition worked on (its state: draft, awaiting approval, scheduled), or
 * leaving the site with it; and who changed it last.
 */
import { type Announcement, type NewsContent, newestFirst } from "./news-content.ts";
import type { EditionState, EditionView } from "./site-editions.ts";

export type AnnouncementSummary = {
  id: string;
  title: string;
  date: string;
  /**
   * The edition's state the announcement is in: `published` when the site shows it as it is, the
   * edition worked on's when it is new, changed or removed there; null: the build's content.
   */
  state: EditionState | null;
  /** What the edition worked on does to it; null: nothing. */
  change: "new" | "changed" | "removed" | null;
  changedBy: string | null;
  changedAt: string | null;
};

const same = (a: Announcement, b: Announcement) => JSON.stringify(a) === JSON.stringify(b);

export function announcementSummaries(editions: {
  /** The announcements shown now: the published edition's, or the build's. */
  published: NewsContent;
  working: EditionView<"news"> | null;
  /** Every published edition, newest first (the first one is the published edition). */
  history: readonly EditionView<"news">[];
}): AnnouncementSummary[] {
  const { published, working, history } = editions;
  /** Published as it is: by whoever published the edition that first showed it so. */
  const asPublished = (announcement: Announcement): AnnouncementSummary => {
    let since: EditionView<"news"> | undefined;
    for (const edition of history) {
      const then = edition.content.announcements.find((item) => item.id === announcement.id);
      if (!then || !same(then, announcement)) break;
      since = edition;
    }
    return {
      ...fieldsOf(announcement),
      state: since ? "published" : null,
      change: null,
      changedBy: since?.publishedBy ?? null,
      changedAt: since?.publishedAt ?? null,
    };
  };
  if (!working) return newestFirst(published).map(asPublished);
  const shown = new Map(published.announcements.map((item) => [item.id, item]));
  const kept = new Set(working.content.announcements.map((item) => item.id));
  const inWork = (announcement: Announcement, change: AnnouncementSummary["change"]) => ({
    ...fieldsOf(announcement),
    state: working.state,
    change,
    changedBy: working.changedBy,
    changedAt: working.changedAt,
  });
  return [
    ...newestFirst(working.content).map((announcement) => {
      const before = shown.get(announcement.id);
      if (!before) return inWork(announcement, "new");
      return same(before, announcement)
        ? asPublished(announcement)
        : inWork(announcement, "changed");
    }),
    ...newestFirst(published)
      .filter((announcement) => !kept.has(announcement.id))
      .map((announcement) => inWork(announcement, "removed")),
  ];
}

const fieldsOf = ({ id, title, date }: Announcement) => ({ id, title, date });
