/**
 * Puts a page's published edition on this server's site (site-publisher.ts), and says when it
 * cannot (issue 40). One that will not render (stored before a check tightened) leaves the page
 * on the newest earlier edition that does, or on the build's, and is named in `unshown` for
 * /healthz: the other pages and the staff pages go on. A trial render of content before it is
 * published refuses what would not render, with nothing committed.
 */
import {
  type EditablePage,
  editablePages,
  type SiteContent,
} from "../../domain/site-content/site-editions.ts";
import type { DataLayer } from "../db/data-layer.ts";
import type { EditionRow } from "../db/site-edition-rows.ts";
import { nextTurn } from "../http/next-turn.ts";
import { notRendered } from "./site-edition-outcomes.ts";
import { readableView } from "./site-overview.ts";
import type { SitePublisher } from "./site-publisher.ts";

/** A page whose published edition would not render, and the edition shown instead. */
export type UnshownPage = { page: EditablePage; edition: number; shownInstead: number | null };

export function createSiteShowing(deps: {
  data: Pick<DataLayer, "siteEditions">;
  publisher: Pick<SitePublisher, "show" | "preview" | "shownEdition" | "settled">;
  /** A page would not render from some content (the reason is for the operators' log). */
  renderFailed: ((page: EditablePage, error: unknown) => void) | undefined;
}) {
  const { data, publisher } = deps;
  const unshown = new Map<EditablePage, UnshownPage>();

  const showRow = async (page: EditablePage, row: EditionRow) => {
    const edition = await readableView(page, row);
    if (!edition) throw new Error(`edition #${row.id} does not pass its page's schema`);
    await nextTurn();
    await publisher.show({
      id: edition.id,
      page,
      content: edition.content,
      publishedAt: edition.publishedAt ?? edition.changedAt,
    });
  };

  /** Shows the page's published edition, or the newest earlier one that renders. */
  async function show(page: EditablePage) {
    // The id first: a server hears its own publish's notice, and reading a 4 MB edition back to
    // find it shown already held the event loop 100 ms (issue 40).
    const id = await data.siteEditions.publishedId(page);
    if (id === undefined) return;
    await publisher.settled();
    if (publisher.shownEdition(page) === id) return;
    // Known not to render: a stored edition never changes, trying again would only log again.
    if (unshown.get(page)?.edition === id) return;
    const row = await data.siteEditions.published(page);
    if (!row) return;
    try {
      await showRow(page, row);
      unshown.delete(page);
    } catch (error) {
      deps.renderFailed?.(page, error);
      let instead: number | null = null;
      // Newest first; the one shown already (the usual case after a publish) is read, not rendered.
      for (const earlier of await data.siteEditions.history(page)) {
        if (earlier.id === row.id) continue;
        const shownEarlier = await showRow(page, earlier).then(
          () => true,
          () => false,
        );
        if (shownEarlier) {
          instead = earlier.id;
          break;
        }
      }
      unshown.set(page, { page, edition: row.id, shownInstead: instead });
      throw new Error(
        `${page}: edition #${row.id} could not be shown (${(error as Error)?.message}); ${instead === null ? "the build's content" : `#${instead}`} shown instead`,
      );
    }
  }

  /** The page rendered from this content as a trial: a refusal when it would not render. */
  async function unrenderable<page extends EditablePage>(page: page, content: SiteContent[page]) {
    // Content no built page shows (the search's settings): nothing to render, nothing refused.
    if (!editablePages[page].rendered) return undefined;
    try {
      await nextTurn();
      await publisher.preview(page, content);
      return undefined;
    } catch (error) {
      deps.renderFailed?.(page, error);
      return notRendered;
    }
  }

  return {
    show,
    unrenderable,
    unshown: () => [...unshown.values()],
    /** The page shows a new edition published here: nothing of it is unshown any more. */
    shownAnew: (page: EditablePage) => void unshown.delete(page),
  };
}
