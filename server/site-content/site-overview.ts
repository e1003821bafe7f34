/**
 * What «Содержание сайта» lists (/staff/site): each page with the state of its latest edition and
 * who changed it last (with the moment of a scheduled one, decision 0039), and the announcements
 * one by one (decision 0040). Read only; the changes are site-edition-service.ts's.
 */
import type { z } from "zod";
import { announcementSummaries } from "../../domain/site-content/announcement-states.ts";
import {
  type EditablePage,
  type EditionView,
  editablePages,
  type SiteContent,
} from "../../domain/site-content/site-editions.ts";
import type { PageEditorView, SitePort } from "../../domain/site-content/site-port.ts";
import { stringifyInSteps } from "../../domain/site-content/stepped-json.ts";
import { parseInSteps } from "../../domain/site-content/stepped-parse.ts";
import { can, publishesSiteDirectly, type StaffViewer } from "../../domain/staff/staff-roles.ts";
import type { DataLayer } from "../db/data-layer.ts";
import type { EditionRow } from "../db/site-edition-rows.ts";
import { nextTurn } from "../http/next-turn.ts";

/**
 * Content checked by its page's schema, a long list an item at a time with the event loop given
 * turns between (domain/site-content/stepped-parse.ts, issue 40).
 */
export const checkedContent = <page extends EditablePage>(page: page, value: unknown) =>
  parseInSteps(
    editablePages[page].schema as z.ZodType<SiteContent[page]>,
    editablePages[page].listed,
    value,
    nextTurn,
  );

/**
 * Content written out as the JSON text stored, a long list an item at a time with the event loop
 * given turns between (domain/site-content/stepped-json.ts, issue 40).
 */
export const contentJson = <page extends EditablePage>(page: page, content: SiteContent[page]) =>
  stringifyInSteps(content, editablePages[page].listed?.key, nextTurn);

/**
 * A stored edition read back through its page's schema: never shown unchecked. Undefined for one
 * today's schema refuses (stored before a check tightened, issue 40).
 */
export async function readableView<page extends EditablePage>(
  page: page,
  row: EditionRow,
): Promise<EditionView<page> | undefined> {
  const parsed = await checkedContent(page, row.content);
  if (!parsed.success) return undefined;
  return { ...row, page, content: parsed.data };
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
    const view = row ? await readableView(page, row) : undefined;
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
      // Each stored edition read once, a turn apiece: a history of long pages is no one stretch.
      const views = new Map<number, EditionView<page> | undefined>();
      for (const row of [working, published, ...history]) {
        if (!row || views.has(row.id)) continue;
        views.set(row.id, await readableView(page, row));
      }
      const workingView = working ? views.get(working.id) : undefined;
      const publishedView = published ? views.get(published.id) : undefined;
      const historyViews = history.map((row) => views.get(row.id));
      const unreadable = [...views].filter(([, view]) => view === undefined);
      return {
        page,
        content: (workingView ?? publishedView)?.content ?? deps.defaults[page],
        working: workingView ?? null,
        history: historyViews.filter((view) => view !== undefined),
        publishesDirectly: publishesSiteDirectly(viewer.role, deps.approval),
        approves: can(viewer.role, "approve-site"),
        unreadable: unreadable.map(([id]) => id),
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
      const editions: EditionView<"news">[] = [];
      for (const row of history) {
        const view = await readableView("news", row);
        if (view) editions.push(view);
      }
      const workedOn = working ? await readableView("news", working) : undefined;
      return announcementSummaries({
        // The newest edition of the history is the one published now.
        published: editions[0]?.content ?? deps.defaults.news,
        working: workedOn ?? null,
        history: editions,
      });
    },
  };
}
