/**
 * What «Содержание сайта» lists (/staff/site): each page with the state of its latest edition and
 * who changed it last (with the moment of a scheduled one, decision 0039), and the announcements
 * one by one (decision 0040). Read only; the changes are site-edition-service.ts's.
 */
import { announcementSummaries } from "../../domain/site-content/announcement-states.ts";
import {
  type EditablePage,
  type EditionView,
  editablePages,
  type PageEditorView,
  type SiteContent,
  type SitePort,
} from "../../domain/site-content/site-editions.ts";
import { can, publishesSiteDirectly, type StaffViewer } from "../../domain/staff/staff-roles.ts";
import type { DataLayer } from "../db/data-layer.ts";
import type { EditionRow } from "../db/site-editions-repository.ts";
import { editionRevision } from "./edition-revision.ts";

/** A stored edition read back through its page's schema: never shown unchecked. */
export function viewOf<page extends EditablePage>(page: page, row: EditionRow): EditionView<page> {
  const content = editablePages[page].schema.parse(row.content) as SiteContent[page];
  return { ...row, page, content, revision: editionRevision(row.content) };
}

/** The same, or undefined for a stored edition today's schema refuses (issue 40). */
export function readableViewOf<page extends EditablePage>(
  page: page,
  row: EditionRow,
): EditionView<page> | undefined {
  const parsed = editablePages[page].schema.safeParse(row.content);
  if (!parsed.success) return undefined;
  return {
    ...row,
    page,
    content: parsed.data as SiteContent[page],
    revision: editionRevision(row.content),
  };
}

/** The content worked on, or published, or the build's: what a preview shows. */
export async function contentWorkedOn<page extends EditablePage>(
  data: Pick<DataLayer, "siteEditions">,
  defaults: SiteContent,
  page: page,
): Promise<SiteContent[page]> {
  for (const row of [
    await data.siteEditions.workedOn(page),
    await data.siteEditions.published(page),
  ]) {
    const view = row ? readableViewOf(page, row) : undefined;
    if (view) return view.content;
  }
  return defaults[page];
}

export function createSiteOverview(deps: {
  data: Pick<DataLayer, "siteEditions">;
  defaults: SiteContent;
  /** CONTENT_APPROVAL: an editor's change waits for a head. */
  approval: boolean;
}): Pick<SitePort, "pages" | "announcements" | "editor"> {
  const { data } = deps;
  return {
    /**
     * The editor's view: the content to edit, the edition worked on, the history. Editions
     * today's schema refuses (stored before a check tightened) are named, never shown (issue 40).
     */
    async editor<page extends EditablePage>(
      viewer: StaffViewer,
      page: page,
    ): Promise<PageEditorView<page>> {
      const [working, published, history] = await Promise.all([
        data.siteEditions.workedOn(page),
        data.siteEditions.published(page),
        data.siteEditions.history(page),
      ]);
      const workingView = working ? readableViewOf(page, working) : undefined;
      const publishedView = published ? readableViewOf(page, published) : undefined;
      const historyViews = history.map((row) => readableViewOf(page, row));
      const unreadable = [working, published, ...history].filter(
        (row, index, rows): row is EditionRow =>
          row !== undefined &&
          readableViewOf(page, row) === undefined &&
          rows.findIndex((other) => other?.id === row.id) === index,
      );
      return {
        page,
        content: (workingView ?? publishedView)?.content ?? deps.defaults[page],
        working: workingView ?? null,
        history: historyViews.filter((view) => view !== undefined),
        publishesDirectly: publishesSiteDirectly(viewer.role, deps.approval),
        approves: can(viewer.role, "approve-site"),
        unreadable: unreadable.map((row) => row.id),
      };
    },

    async pages(viewer) {
      if (!can(viewer.role, "edit-site")) return [];
      const latest = new Map(
        (await data.siteEditions.latestOfEachPage()).map((row) => [row.page, row]),
      );
      return (Object.keys(editablePages) as EditablePage[]).map((page) => {
        const row = latest.get(page);
        return {
          page,
          title: editablePages[page].title,
          path: editablePages[page].path,
          state: row?.state ?? null,
          changedBy: row?.changedBy ?? null,
          changedAt: row?.changedAt ?? null,
          publishAt: row?.state === "scheduled" ? row.publishAt : null,
        };
      });
    },

    async announcements(viewer) {
      if (!can(viewer.role, "edit-site")) return [];
      const [working, history] = await Promise.all([
        data.siteEditions.workedOn("news"),
        data.siteEditions.history("news"),
      ]);
      const editions = history.flatMap((row) => readableViewOf("news", row) ?? []);
      const workedOn = working ? readableViewOf("news", working) : undefined;
      return announcementSummaries({
        // The newest edition of the history is the one published now.
        published: editions[0]?.content ?? deps.defaults.news,
        working: workedOn ?? null,
        history: editions,
      });
    },
  };
}
